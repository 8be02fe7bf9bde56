import { Input } from '@mantine/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { richTextImageSource } from '../../../contracts/rich-text';
import { richTextExtensions } from './editor-extensions';
import { EditorToolbar, type ToolbarForm } from './editor-toolbar';
import type { RichTextEditorProps } from './editor-types';
import textClasses from './rich-text.module.css';
import classes from './rich-text-editor.module.css';
import { useMentionSuggestion } from './use-mention-suggestion';

/**
 * The HTML of a document without the empty paragraphs at its end ('' for an empty one): the editor keeps one
 * after a heading, list or embed at the end so the cursor can go there, but it is nothing to store.
 */
function htmlOf(editor: { isEmpty: boolean; getHTML: () => string }): string {
  return editor.isEmpty ? '' : editor.getHTML().replace(/(?:<p><\/p>)+$/, '');
}

/**
 * The shared rich-text editor (Tiptap): writes exactly the markup the server's allow-list keeps
 * (`contracts/rich-text.ts`). Loaded as its own chunk through `RichTextEditor` in ./index.ts.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  placeholder,
  suggestMentions,
  pickImage,
  imageOrigins,
  disabled = false,
  error,
  minHeight = 160,
  autoFocus = false,
  testId,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const contentId = useId();
  const [imageProblem, setImageProblem] = useState(false);
  const [openForm, setOpenForm] = useState<ToolbarForm>(null);
  const { suggestion, menu } = useMentionSuggestion(suggestMentions);
  const onChangeRef = useRef(onChange);
  // The HTML this editor last reported, so a `value` that only echoes it does not reset the cursor.
  const emitted = useRef(value);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const attributes: Record<string, string> = {
    id: contentId,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': label,
    class: `${textClasses.richText} ${classes.content}`,
    style: `min-height: ${minHeight}px`,
    ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
  };
  const attributesKey = JSON.stringify(attributes);

  const editor = useEditor(
    {
      extensions: richTextExtensions({ placeholder, mentionSuggestion: suggestion }),
      content: value,
      editable: !disabled,
      autofocus: autoFocus ? 'end' : false,
      editorProps: {
        attributes,
        // Mod-K opens the link form from the text, as in most editors.
        handleKeyDown: (_view, event) => {
          const isLinkKey = (event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k';
          if (isLinkKey) {
            event.preventDefault();
            setOpenForm('link');
          }
          return isLinkKey;
        },
      },
      onUpdate: ({ editor: current }) => {
        emitted.current = htmlOf(current);
        onChangeRef.current(emitted.current);
      },
    },
    // The extensions are fixed for the editor's life: a new placeholder or mention source starts a new one.
    [suggestion, placeholder],
  );

  // Label, error state and height change without restarting the editor (which would lose the cursor).
  useEffect(() => {
    editor.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: JSON.parse(attributesKey) as Record<string, string>,
      },
    });
  }, [editor, attributesKey]);

  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  const handlePickImage = async () => {
    const picked = await pickImage?.();
    if (!picked) {
      return;
    }
    const src = richTextImageSource(picked.src, imageOrigins ?? []);
    setImageProblem(src === null);
    if (src !== null) {
      editor
        .chain()
        .focus()
        .setImage({ src, alt: picked.alt ?? '' })
        .run();
    }
  };

  return (
    <div
      className={classes.editor}
      data-invalid={error ? true : undefined}
      data-disabled={disabled || undefined}
      data-testid={testId}
    >
      <EditorToolbar
        editor={editor}
        contentId={contentId}
        openForm={openForm}
        onOpenForm={setOpenForm}
        disabled={disabled}
        onPickImage={pickImage ? () => void handlePickImage() : undefined}
      />
      <EditorContent editor={editor} />
      {menu}
      {imageProblem ? (
        <Input.Error className={classes.message}>{t('richText.imageInvalid')}</Input.Error>
      ) : null}
      {error ? (
        <Input.Error id={errorId} className={classes.message}>
          {error}
        </Input.Error>
      ) : null}
    </div>
  );
}
