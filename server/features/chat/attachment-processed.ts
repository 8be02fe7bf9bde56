import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { UrlSign } from '../cloud/public.ts';
import type { ChatEvents } from './chat.events.ts';
import { rows } from './chat-sql.ts';
import { roomCopyOf } from './message-presentation.ts';

/*
 * A file a message carries finished processing (a video's mp4 and poster, an audio's length, a picture's
 * thumbnails) or failed: the chat's room hears the message again (`chat:update`), so a conversation that shows
 * "wird noch verarbeitet" shows the file without being read again. Runs in the worker (`onFileProcessed`).
 */

/**
 * The live messages that carry the file (the attachments' file index); their chats' versions are raised, as
 * the file now shows differently in their history (kept answers, kept-answers.ts).
 */
async function messagesCarrying(db: DbOrTx, fileId: string): Promise<string[]> {
  const found = await rows<{ message_id: string }>(
    db,
    sql`with carrying as (
        select ca.message_id, ca.chat_id from chat_attachments ca
        join chat_messages m on m.id = ca.message_id and m.deleted_at is null
        join chats c on c.id = ca.chat_id and c.deleted_at is null
        where ca.file_id = ${fileId}
      ), touched as (
        update chats set version = version where id in (select chat_id from carrying)
      )
      select message_id from carrying`,
  );
  return found.map((row) => row.message_id);
}

export function attachmentProcessed(deps: { db: DbOrTx; sign: UrlSign; events: Pick<ChatEvents, 'update'> }) {
  return async (fileId: string): Promise<void> => {
    for (const messageId of await messagesCarrying(deps.db, fileId)) {
      const message = await roomCopyOf(deps.db, deps.sign, messageId);
      if (message) {
        deps.events.update(message);
      }
    }
  };
}
