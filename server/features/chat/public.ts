import type { DbOrTx } from '../../db/client.ts';
import type { Room } from '../../platform/realtime.ts';
import { chatIdsOfProfile } from './chat.repo.ts';

/*
 * The chat's public module: the realtime gateway asks which chat rooms a person's socket joins at the handshake.
 */

/** The rooms of the person's live chats. */
export async function chatRoomsOf(db: DbOrTx, profileId: string): Promise<Room[]> {
  return (await chatIdsOfProfile(db, profileId)).map((id): Room => `chat:${id}`);
}
