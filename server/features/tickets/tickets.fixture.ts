import { tickets, ticketStatusChanges } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';
import { insertSupportChat } from '../chat/public.ts';

/**
 * A support ticket of the tenant's member (`new`, no answer yet) with its support chat and first message. The
 * app's team sees it; the member who asked sees it and would answer its satisfaction question; nobody else.
 */
export const tenantFixture: TenantFixturePart = async ({ db, app, project, memberProfile, owner }) => {
  const ticketId = newId();
  const { chatId } = await insertSupportChat(db, {
    appId: app.id,
    profileId: memberProfile.id,
    bodyHtml: '<p>Geheime Supportanfrage von Mandant A</p>',
    bodyText: 'Geheime Supportanfrage von Mandant A',
  });
  await db.insert(tickets).values({
    id: ticketId,
    projectId: project.id,
    appId: app.id,
    number: 1,
    chatId,
    requesterProfileId: memberProfile.id,
    subject: 'Geheimer Betreff von Mandant A',
  });
  await db
    .insert(ticketStatusChanges)
    .values({ id: newId(), ticketId, fromStatus: null, toStatus: 'new', changedByAccountId: owner.id });
  return {
    ids: { ticketId },
    secrets: ['Geheimer Betreff von Mandant A', 'Geheime Supportanfrage von Mandant A'],
  };
};
