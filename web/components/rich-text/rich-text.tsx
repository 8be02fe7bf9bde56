import { useMemo } from 'react';
import classes from './rich-text.module.css';
import { renderRichText } from './render-rich-text';

type RichTextProps = {
  /** Stored rich text (sanitized by the server; anything outside the allow-list is dropped here too). */
  html: string;
  /** Origins images may come from besides our own `/api/cloud/…` addresses. */
  imageOrigins?: readonly string[];
  className?: string;
  testId?: string;
};

/** Shows rich text (a post, a comment, a lesson) with the product's typography. */
export function RichText({ html, imageOrigins, className, testId }: RichTextProps) {
  const content = useMemo(() => renderRichText(html, { imageOrigins }), [html, imageOrigins]);
  return (
    <div className={className ? `${classes.richText} ${className}` : classes.richText} data-testid={testId}>
      {content}
    </div>
  );
}
