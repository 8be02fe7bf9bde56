import { z } from 'zod';
import { chatPersonSchema } from './chat.ts';

/*
 * Read markers (issue 17, second cut): where each member of a small chat has read up to, for "seen by" under
 * messages, where the app's chat settings show them (chat-settings.ts `readMarkers`).
 */

/** Read markers stop above this many members: "seen by" says little there and every read would be a broadcast. */
export const chatReadMarksMaxMembers = 50;

/**
 * `GET /chats/{id}/read-marks` (an addition; the chat's `read_marks`): every member's read mark. Clients work out
 * "seen by" per message themselves: the members whose `lastReadSeq` ≥ its `seq`, its author left out.
 */
export const chatReadMarkSchema = chatPersonSchema.extend({ lastReadSeq: z.number().int().min(0) });
export type ChatReadMark = z.infer<typeof chatReadMarkSchema>;
export const chatReadMarksSchema = z.object({ data: z.array(chatReadMarkSchema) });

/**
 * Chat room `chat:read`: someone's read mark moved (a read, a clear, a block) in a chat with read markers.
 * Sending moves the sender's mark too; that is not told again: `chat:message` says it (author, `seq`).
 */
export const chatReadPayloadSchema = z.object({
  chatId: z.uuid(),
  profileId: z.uuid(),
  lastReadSeq: z.number().int().min(0),
});
export type ChatReadPayload = z.infer<typeof chatReadPayloadSchema>;
