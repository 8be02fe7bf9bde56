import { eq } from 'drizzle-orm';
import {
  comments,
  communityCategories,
  communityGroups,
  communityLinks,
  communityPosts,
  communitySpaceMembers,
  communitySpaces,
  voteOptions,
  votes,
} from '../../db/schema/index.ts';
import { randomToken } from '../../platform/crypto.ts';
import { newId } from '../../platform/ids.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

/**
 * The community's rows of the route-table tenant: a group with an open space (the member belongs to it), a
 * private and a secret space, a communities category, a post in each container (by the member), a comment, a
 * link and a poll. The route suites address the open space, its post and the category.
 */
export const tenantFixture: TenantFixturePart = async ({ db, app, memberProfile }) => {
  const groupId = newId();
  await db
    .insert(communityGroups)
    .values({
      id: groupId,
      appId: app.id,
      name: 'Gruppe A',
      slug: `gruppe-${groupId.slice(-8)}`,
      position: 1,
    });
  const space = (access: 'open' | 'private' | 'secret', position: number) => ({
    id: newId(),
    appId: app.id,
    groupId,
    name: `Raum ${access}`,
    slug: `raum-${access}-${groupId.slice(-8)}`,
    access,
    position,
  });
  const [open, closed, secret] = [space('open', 1), space('private', 2), space('secret', 3)];
  await db.insert(communitySpaces).values([open, closed, secret]);
  await db
    .insert(communitySpaceMembers)
    .values({ spaceId: open.id, profileId: memberProfile.id, appId: app.id });
  const categoryId = newId();
  await db
    .insert(communityCategories)
    .values({
      id: categoryId,
      appId: app.id,
      name: 'Kategorie A',
      slug: `kategorie-${categoryId.slice(-8)}`,
      position: 1,
    });
  const post = (container: 'groups' | 'communities') => ({
    id: newId(),
    appId: app.id,
    container,
    spaceId: container === 'groups' ? open.id : null,
    categoryId: container === 'communities' ? categoryId : null,
    authorProfileId: memberProfile.id,
    name: `Geheimer Beitrag ${container}`,
    slug: `beitrag-${container}-${groupId.slice(-8)}`,
    bodyHtml: '<p>Nur für Mitglieder von Mandant A</p>',
    bodyText: 'Nur für Mitglieder von Mandant A',
    shareHash: randomToken(16),
    publishedAt: new Date(),
  });
  const [groupsPost, communitiesPost] = [post('groups'), post('communities')];
  await db.insert(communityPosts).values([groupsPost, communitiesPost]);
  const commentId = newId();
  await db.insert(comments).values({
    id: commentId,
    appId: app.id,
    entityType: 'post',
    entityId: groupsPost.id,
    authorProfileId: memberProfile.id,
    bodyHtml: '<p>Kommentar von Mandant A</p>',
    bodyText: 'Kommentar von Mandant A',
  });
  const linkId = newId();
  await db
    .insert(communityLinks)
    .values({ id: linkId, appId: app.id, name: 'Link A', href: 'https://example.org/a', position: 1 });
  const voteId = newId();
  await db
    .insert(votes)
    .values({ id: voteId, appId: app.id, authorProfileId: memberProfile.id, question: 'Umfrage A?' });
  await db.insert(voteOptions).values([
    { id: newId(), voteId, text: 'Ja', position: 1 },
    { id: newId(), voteId, text: 'Nein', position: 2 },
  ]);
  // The poll hangs on the space's post: whoever sees the post sees the poll.
  await db.update(communityPosts).set({ voteId }).where(eq(communityPosts.id, groupsPost.id));
  return {
    ids: {
      groupId,
      groupSlug: `gruppe-${groupId.slice(-8)}`,
      spaceId: open.id,
      spaceSlug: open.slug,
      privateSpaceId: closed.id,
      secretSpaceId: secret.id,
      categoryId,
      categorySlug: `kategorie-${categoryId.slice(-8)}`,
      postId: groupsPost.id,
      communitiesPostId: communitiesPost.id,
      postSlug: groupsPost.slug,
      commentId,
      // The entity `GET /comments` and `POST /comments` name in their query and body.
      entityId: groupsPost.id,
      linkId,
      voteId,
      // `{type}/{entityId}/follow`: the kind of entity the generic follow is called with.
      followType: 'posts',
    },
    secrets: [groupsPost.name, communitiesPost.name, 'Kommentar von Mandant A', 'Umfrage A?'],
  };
};
