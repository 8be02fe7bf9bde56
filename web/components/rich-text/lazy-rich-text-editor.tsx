import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadChunk } from '../../kernel/chunk';
import type { RichTextEditorProps } from './editor-types';
import classes from './rich-text-editor.module.css';

// Tiptap and ProseMirror are a chunk of their own, loaded when a page first shows an editor.
const Editor = lazy(() =>
  loadChunk(() => import('./rich-text-editor')).then((module) => ({ default: module.RichTextEditor })),
);

/** The rich-text editor; its code loads on first use, a frame of the same height stands in meanwhile. */
export function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation();
  const fallback = (
    <div
      className={classes.loading}
      style={{ minHeight: (props.minHeight ?? 160) + 48 }}
      role="status"
      aria-label={t('richText.loading')}
    />
  );
  return (
    <Suspense fallback={fallback}>
      <Editor {...props} />
    </Suspense>
  );
}
