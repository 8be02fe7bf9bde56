/** Rich text for every area (posts, comments, chat, events, courses, help desk): the renderer and the editor. */
export { RichText } from './rich-text';
export { RichTextEditor } from './lazy-rich-text-editor';
export type { MentionCandidate, PickedImage, RichTextEditorProps } from './editor-types';
export { MentionMenu, stepThrough, type MentionMenuState } from './mention-menu';
