import { useState, type FormEvent } from 'react';
import { Avatar, Button, UnstyledButton } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAppViewerPerson } from '../../../kernel/app-viewer';
import { RichTextEditor } from '../../../components/rich-text';
import { useCurrentApp } from '../../../kernel/current-app';
import { suggestMembers } from '../composer/composer-api';
import { commentLimits } from './comments-api';
import classes from './comments.module.css';

/** The editor's empty document and an editor left with only blank paragraphs both count as nothing written. */
const isBlank = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '' && !/<img|<iframe|data-type="mention"/.test(html);

type CommentEditorProps = {
  /** The accessible name of the writing area ("Kommentar", "Antwort an Lena"). */
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
  testId?: string;
};

/**
 * A small rich-text editor (the shared Tiptap editor, loaded on first use) with @-mentions, for comments,
 * replies and edits. Cleared after a successful send; what failed stays for another try.
 */
export function CommentEditor({
  label,
  submitLabel,
  initial = '',
  onSubmit,
  onCancel,
  autoFocus,
  testId,
}: CommentEditorProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const [value, setValue] = useState(initial);
  const [sending, setSending] = useState(false);
  const tooLong = value.length > commentLimits.body;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBlank(value) || tooLong || sending) {
      return;
    }
    setSending(true);
    try {
      await onSubmit(value);
      setValue('');
    } catch {
      // The mutation's notification says what failed; the text stays.
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={classes.editor} onSubmit={(event) => void handleSubmit(event)} data-testid={testId}>
      <RichTextEditor
        value={value}
        onChange={setValue}
        label={label}
        placeholder={t('community.comments.placeholder')}
        suggestMentions={(query) => suggestMembers(app.id, query)}
        minHeight={72}
        autoFocus={autoFocus}
        error={tooLong ? t('community.comments.tooLong') : undefined}
      />
      <div className={classes.editorActions}>
        {onCancel ? (
          <Button variant="subtle" color="gray" onClick={onCancel} disabled={sending}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button
          type="submit"
          leftSection={<IconSend size={16} stroke={1.8} />}
          loading={sending}
          disabled={isBlank(value) || tooLong}
          data-testid={testId ? `${testId}-submit` : undefined}
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * The new-comment field: a light stand-in until the member starts writing, so reading a post does not load
 * the editor's code.
 */
export function NewCommentField({ onSubmit }: { onSubmit: (body: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const person = useAppViewerPerson();
  const [open, setOpen] = useState(false);
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : '';
  return (
    <div className={classes.newComment}>
      <Avatar src={person?.avatarUrl ?? null} name={name} color="initials" radius="xl" size={36} alt="" />
      {open ? (
        <div className={classes.newCommentEditor}>
          <CommentEditor
            label={t('community.comments.label')}
            submitLabel={t('community.comments.send')}
            onSubmit={async (body) => {
              await onSubmit(body);
              // Sent: the field folds again, the new comment is below.
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
            autoFocus
            testId="comment-editor"
          />
        </div>
      ) : (
        <UnstyledButton
          className={classes.fakeInput}
          onClick={() => setOpen(true)}
          data-testid="comment-start"
        >
          {t('community.comments.placeholder')}
        </UnstyledButton>
      )}
    </div>
  );
}
