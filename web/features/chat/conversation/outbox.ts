import { create } from 'zustand';
import type { ChatMessage } from '../../../../contracts/chat-messages';
import type { MessageExtras } from './attachments/message-content';

/**
 * Messages on their way: shown at once below the conversation, each with the client id it is sent with. A
 * failed one stays (marked, with a retry) until it is sent or discarded, also when the person looks at another
 * chat meanwhile; a retry sends the same client id, so the server never stores it twice.
 */
export type OutboxEntry = {
  clientId: string;
  chatId: string;
  body: string;
  replyTo: ChatMessage['replyTo'];
  /** Files, a voice recording, a GIF or a poll it carries (sent as their ids). */
  extras: MessageExtras;
  createdAt: string;
  status: 'sending' | 'failed';
  /** The i18n key of why it failed. */
  error: string | null;
};

type OutboxState = {
  entries: OutboxEntry[];
  add: (entry: OutboxEntry) => void;
  update: (clientId: string, change: Partial<Pick<OutboxEntry, 'status' | 'error'>>) => void;
  remove: (clientId: string) => void;
};

export const useOutbox = create<OutboxState>((set) => ({
  entries: [],
  add: (entry) => set((state) => ({ entries: [...state.entries, entry] })),
  update: (clientId, change) =>
    set((state) => ({
      entries: state.entries.map((entry) => (entry.clientId === clientId ? { ...entry, ...change } : entry)),
    })),
  remove: (clientId) =>
    set((state) => ({ entries: state.entries.filter((entry) => entry.clientId !== clientId) })),
}));
