import type { DbOrTx } from '../../db/client.ts';
import type { Room } from '../../platform/realtime.ts';
import { chatIdsOfProfile } from './chats.repo.ts';

export { chatFileIdsOf, isChatFileOf, sharesChatFile } from './shared-files.ts';

/*
 * The chat's public module: the realtime gateway asks which chat rooms a person's socket joins at the handshake;
 * the cloud library asks which files a member's chats share with them (shared-files.ts).
 */

/** The rooms of the person's live chats. */
export async function chatRoomsOf(db: DbOrTx, profileId: string): Promise<Room[]> {
  return (await chatIdsOfProfile(db, profileId)).map((id): Room => `chat:${id}`);
}

export {
  enterSupportChat,
  insertSupportChat,
  isInSupportChat,
  joinSupportChatRoom,
} from './support-chats.ts';
export type { MessageSent } from './message-sent.ts';
