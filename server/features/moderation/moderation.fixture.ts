import { and, eq } from 'drizzle-orm';
import { communityPosts, moderationItems, moderationReports, profiles } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

/**
 * The moderation rows of the route-table tenant: an inbox item for the community fixture's post of the open
 * space (by the member), reported once by the owner with a note no other tenant may read.
 */
export const tenantFixture: TenantFixturePart = async ({ db, app }) => {
  const [post] = await db
    .select()
    .from(communityPosts)
    .where(and(eq(communityPosts.appId, app.id), eq(communityPosts.container, 'groups')));
  const [owner] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.appId, app.id), eq(profiles.isOwner, true)));
  const id = newId();
  await db.insert(moderationItems).values({
    id,
    appId: app.id,
    entityType: 'post',
    entityId: post!.id,
    postId: post!.id,
    spaceId: post!.spaceId,
    authorProfileId: post!.authorProfileId,
    cause: 'reports',
    reportsCount: 1,
  });
  const note = 'Meldung aus Mandant A';
  await db.insert(moderationReports).values({
    itemId: id,
    reporterProfileId: owner!.id,
    appId: app.id,
    reason: 'spam',
    note,
  });
  return { ids: { moderationItemId: id }, secrets: [note] };
};
