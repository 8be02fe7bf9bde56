import { lazy } from 'react';
// The chat feature's public module: what other features use of it (a notification opens its chat). Light: no
// screen code comes along.
export { chatScreenPaths } from './chat-paths';

/**
 * A support ticket's conversation (issue 20): the chat's messages and composer without the chat's frame, for the
 * ticket screens. Lazy: the conversation's code loads with the first ticket opened.
 */
export const SupportConversation = lazy(() =>
  import('./conversation/support-conversation').then((module) => ({ default: module.SupportConversation })),
);
