import type { DbOrTx } from '../../db/client.ts';
import { assertLevel } from '../gamification/public.ts';
import type { ChatAccess } from './chat.scopes.ts';

/*
 * A group chat's level gate (issue 21): below the level it asks for, joining and writing are refused (403
 * LEVEL_REQUIRED with the level). Who may edit the chat (its moderators, the app's managers) passes; private and
 * support chats have no gate. The member's points are read fresh each time.
 */
export async function assertChatLevel(db: DbOrTx, access: ChatAccess): Promise<void> {
  if (access.chat.kind !== 'group' || !access.chat.requiredStatusId) {
    return;
  }
  await assertLevel(db, {
    appId: access.chat.appId,
    profileId: access.actor.profileId,
    requiredStatusId: access.chat.requiredStatusId,
    manages: access.can.includes('edit'),
  });
}
