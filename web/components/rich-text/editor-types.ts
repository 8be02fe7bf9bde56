import type { ReactNode } from 'react';

/** A member the mention popup offers. */
export type MentionCandidate = {
  /** The member's profile id (a uuid: the allow-list keeps no other mention). */
  id: string;
  label: string;
  avatarUrl?: string | null;
  /** A second line, e.g. the member's role or headline. */
  description?: string;
};

/** An image the caller picked (e.g. from the cloud picker): one of our own addresses. */
export type PickedImage = { src: string; alt?: string };

export type RichTextEditorProps = {
  /** The rich text to edit (HTML as `sanitizeRichText` writes it). A new value replaces the content. */
  value: string;
  /** Called with the new HTML on every change; an empty document is ''. */
  onChange: (html: string) => void;
  /** The accessible name of the writing area, e.g. "Beitrag". */
  label: string;
  placeholder?: string;
  /** Members for the `@` popup; without it `@` is plain text. */
  suggestMentions?: (query: string) => Promise<MentionCandidate[]>;
  /** Opens the caller's image picker; without it the toolbar has no image button. */
  pickImage?: () => Promise<PickedImage | null>;
  /** Origins images may come from besides our own `/api/cloud/…` addresses. */
  imageOrigins?: readonly string[];
  disabled?: boolean;
  /** Shown under the editor, which is then marked invalid. */
  error?: ReactNode;
  /** Height of the writing area before it grows, in px (default 160). */
  minHeight?: number;
  autoFocus?: boolean;
  testId?: string;
};
