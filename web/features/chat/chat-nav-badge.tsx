import { lazy, Suspense } from 'react';
import { loadChunk } from '../../kernel/chunk';
import type { AppMenuContext } from '../../kernel/web-feature';

// The badge (its query, the chat contract, the live count) is a small chunk of its own: nothing of the chat
// travels with the shell.
const ChatBadge = lazy(async () => ({
  default: (await loadChunk(() => import('./chat-badge'))).ChatBadge,
}));

/** The chat entry's unread count in the app's menu, for members who have chats. */
export function ChatNavBadge({ context }: { context: AppMenuContext }) {
  return (
    <Suspense fallback={null}>
      <ChatBadge app={context.app} />
    </Suspense>
  );
}
