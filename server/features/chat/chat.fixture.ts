import { chatMembers, chatMessages, chats } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

/**
 * A public group chat the tenant's member made and moderates, with one message of theirs. No role of the route
 * matrix is in it: the app's participants see it (public) and may join; its admins may delete it.
 */
export const tenantFixture: TenantFixturePart = async ({ db, app, memberProfile }) => {
  const chatId = newId();
  const messageId = newId();
  await db.insert(chats).values({
    id: chatId,
    appId: app.id,
    kind: 'group',
    name: 'Geheimer Chat von Mandant A',
    isPublic: true,
    lastSeq: 1,
    membersCount: 1,
    createdByProfileId: memberProfile.id,
  });
  await db
    .insert(chatMembers)
    .values({ chatId, profileId: memberProfile.id, appId: app.id, role: 'moderator', lastReadSeq: 1 });
  await db.insert(chatMessages).values({
    id: messageId,
    chatId,
    seq: 1,
    authorProfileId: memberProfile.id,
    clientId: newId(),
    bodyHtml: '<p>Chatnachricht von Mandant A</p>',
    bodyText: 'Chatnachricht von Mandant A',
  });
  return {
    // `chatIds`: the ids `PATCH /chats` and `PATCH /chats/read` name in their body.
    ids: { chatId, chatIds: chatId, chatMessageId: messageId },
    secrets: ['Geheimer Chat von Mandant A', 'Chatnachricht von Mandant A'],
  };
};
