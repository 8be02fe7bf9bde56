import { notificationCounters, notifications } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

/** The member's unread notification (a like by the owner's profile is not needed: actors may be empty). */
export const tenantFixture: TenantFixturePart = async ({ db, app, memberProfile }) => {
  const id = newId();
  await db.insert(notifications).values({
    id,
    appId: app.id,
    profileId: memberProfile.id,
    type: 'post_approved',
    data: { title: 'Beitrag des Mitglieds (Benachrichtigung)' },
  });
  await db.insert(notificationCounters).values({ profileId: memberProfile.id, unread: 1 });
  return { ids: { notificationId: id }, secrets: ['Beitrag des Mitglieds (Benachrichtigung)'] };
};
