import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { communityPageSizes, type MemberSpace } from '../../../contracts/community-spaces.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  communityGroupModerators,
  communitySpaceMembers,
  communitySpaces,
  profiles,
} from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { paginate } from '../../platform/pagination.ts';
import type { UrlSign } from '../cloud/public.ts';
import type { Actor } from '../../platform/auth.ts';
import { loadAppAccess, type AppAccess } from '../workspace/public.ts';
import { communityActorOf, listedSpaceIds, loadCommunityView, readableSpaceIds } from './community.access.ts';
import { categoryAbilities } from './community.policy.ts';
import { findGroupIdsOfApp, replaceModeratedGroups } from './groups.repo.ts';
import { memberPostsOf } from './feed.service.ts';
import { listSpacesOfProfile } from './space-members.lists.ts';
import { activateMemberships } from './space-members.repo.ts';

/** Which of the ids are live profiles of the app that take part in it (not only invited): hosts, mentions. */
export { findParticipantIds } from './space-members.repo.ts';
import { presentPicture } from './spaces.presenter.ts';
import { findSpaceIdsOfApp, listSpaces } from './spaces.repo.ts';
import { findPostIdOfVote, findVote, isVoteInChat } from './votes.repo.ts';

/*
 * The community's public module (issue 15): what the members feature needs of groups and spaces — the member
 * filters by group and space, the moderator groups and spaces of the invitation and the member admin form, and
 * the spaces of a member's page. Moderating is stored in the community's own tables (group moderators, space
 * memberships with the moderator role), which the space and group forms change too.
 */

export type CommunityRefs = {
  groupIds?: readonly string[] | undefined;
  spaceIds?: readonly string[] | undefined;
};

/**
 * Checks that the named groups and spaces exist in the app: 400 with `errors[field]` (the request's field
 * names, e.g. `communityGroupIds`, `moderatorSpaceIds`) for a list holding an id that does not.
 */
export async function assertCommunityIds(
  db: DbOrTx,
  appId: string,
  refs: CommunityRefs,
  fields: { groupIds: string; spaceIds: string },
): Promise<void> {
  const groupIds = [...new Set(refs.groupIds ?? [])];
  const spaceIds = [...new Set(refs.spaceIds ?? [])];
  const [groups, spaces] = await Promise.all([
    findGroupIdsOfApp(db, appId, groupIds),
    findSpaceIdsOfApp(db, appId, spaceIds),
  ]);
  const errors: Record<string, string> = {};
  if (groups.size !== groupIds.length) {
    errors[fields.groupIds] = 'validation.invalidValue';
  }
  if (spaces.size !== spaceIds.length) {
    errors[fields.spaceIds] = 'validation.invalidValue';
  }
  if (Object.keys(errors).length > 0) {
    throw badRequest(errors);
  }
}

/** "The profile (`profiles.id` of the query) is an active member of one of these spaces." */
const activeInSpaces = (spaceCondition: SQL) =>
  sql`exists (select 1 from ${communitySpaceMembers} where ${communitySpaceMembers.profileId} = ${profiles.id} and ${communitySpaceMembers.status} = 'active' and ${spaceCondition})`;

/**
 * The member list's filters by community group and space (spec §3 member filter), as conditions on
 * `profiles`: an active member of one of the spaces, or of one of the groups' spaces. Empty lists filter
 * nothing; ids that are not the app's are refused first (`assertCommunityIds`).
 */
export function memberFilterConditions(refs: { communityGroupIds?: string[]; spaceIds?: string[] }): SQL[] {
  const conditions: SQL[] = [];
  if (refs.communityGroupIds && refs.communityGroupIds.length > 0) {
    conditions.push(
      activeInSpaces(
        sql`${communitySpaceMembers.spaceId} in (select ${communitySpaces.id} from ${communitySpaces} where ${inArray(communitySpaces.groupId, refs.communityGroupIds)})`,
      ),
    );
  }
  if (refs.spaceIds && refs.spaceIds.length > 0) {
    conditions.push(activeInSpaces(inArray(communitySpaceMembers.spaceId, refs.spaceIds)));
  }
  return conditions;
}

/**
 * Makes the profile moderator of exactly these groups and spaces (the ones given; `undefined` leaves that kind
 * alone). A new space moderator becomes an active member of the space; one no longer named stays a member.
 * Run in the caller's transaction, after `assertCommunityIds`.
 */
export async function setModeratorships(
  tx: DbOrTx,
  profile: { id: string; appId: string },
  refs: CommunityRefs,
): Promise<void> {
  if (refs.groupIds) {
    await replaceModeratedGroups(tx, profile.appId, profile.id, [...new Set(refs.groupIds)]);
  }
  if (refs.spaceIds) {
    const spaceIds = [...new Set(refs.spaceIds)];
    await tx
      .update(communitySpaceMembers)
      .set({ role: 'member' })
      .where(
        and(
          eq(communitySpaceMembers.appId, profile.appId),
          eq(communitySpaceMembers.profileId, profile.id),
          eq(communitySpaceMembers.role, 'moderator'),
          spaceIds.length > 0 ? notInArray(communitySpaceMembers.spaceId, spaceIds) : undefined,
        ),
      );
    for (const spaceId of spaceIds) {
      await activateMemberships(tx, { id: spaceId, appId: profile.appId }, [profile.id], 'moderator');
    }
  }
}

/** What a member moderates: the groups (and so all their spaces) and the single spaces. */
export type Moderations = { groupIds: string[]; spaceIds: string[] };

/**
 * What each of these profiles of the app moderates (the member admin form), in one statement: the group
 * moderators and the active space memberships with the moderator role. Deleting a group or space deletes these
 * rows with it (cascade), so only live ones are read. Every profile asked for has an entry, empty ones too.
 */
export async function moderationsOf(
  db: DbOrTx,
  appId: string,
  profileIds: readonly string[],
): Promise<Map<string, Moderations>> {
  const ids = [...new Set(profileIds)];
  const result = new Map<string, Moderations>(ids.map((id) => [id, { groupIds: [], spaceIds: [] }]));
  if (ids.length === 0) {
    return result;
  }
  const rows = await unionAll(
    db
      .select({
        profileId: communityGroupModerators.profileId,
        kind: sql<'group' | 'space'>`'group'`.as('kind'),
        id: communityGroupModerators.groupId,
      })
      .from(communityGroupModerators)
      .where(
        and(eq(communityGroupModerators.appId, appId), inArray(communityGroupModerators.profileId, ids)),
      ),
    db
      .select({
        profileId: communitySpaceMembers.profileId,
        kind: sql<'group' | 'space'>`'space'`.as('kind'),
        id: communitySpaceMembers.spaceId,
      })
      .from(communitySpaceMembers)
      .where(
        and(
          eq(communitySpaceMembers.appId, appId),
          inArray(communitySpaceMembers.profileId, ids),
          eq(communitySpaceMembers.status, 'active'),
          eq(communitySpaceMembers.role, 'moderator'),
        ),
      ),
  );
  for (const row of rows) {
    const entry = result.get(row.profileId);
    (row.kind === 'group' ? entry?.groupIds : entry?.spaceIds)?.push(row.id);
  }
  for (const entry of result.values()) {
    entry.groupIds.sort();
    entry.spaceIds.sort();
  }
  return result;
}

/**
 * The spaces a member belongs to (the member page's "spaces"), newest membership first, 20 per page: only the
 * spaces the caller sees listed (a secret space only to who reads it).
 */
export async function listMemberSpaces(
  db: DbOrTx,
  app: AppAccess,
  profileId: string,
  page: number,
  sign: UrlSign,
): Promise<Paginated<MemberSpace>> {
  const view = await loadCommunityView(db, app);
  const limit = communityPageSizes.memberSpaces;
  const { rows, total } = await listSpacesOfProfile(db, profileId, listedSpaceIds(view), {
    limit,
    offset: (page - 1) * limit,
  });
  const spaces = new Map((await listSpaces(db, app.app.id)).map((space) => [space.id, space]));
  return paginate(
    rows.flatMap((row) => {
      const space = spaces.get(row.spaceId);
      return space
        ? [
            {
              id: space.id,
              groupId: space.groupId,
              name: space.name,
              slug: space.slug,
              access: space.access,
              cover: presentPicture(sign, space.coverId),
              membersCount: space.membersCount,
              role: row.role,
            },
          ]
        : [];
    }),
    total,
    { page, limit },
  );
}

/** A member's published posts the caller may read (the member page's posts), newest first, 20 per page. */
export const listMemberPosts = memberPostsOf;

/**
 * What a person reads of an app's community (the notification list hides posts they no longer may): the spaces
 * whose posts they read, and whether they read the communities categories.
 */
export async function readableSpaceIdsOf(
  db: DbOrTx,
  actor: Actor,
  appId: string,
): Promise<{ spaceIds: Set<string>; categories: boolean }> {
  const app = await loadAppAccess(db, actor, appId);
  const view = await loadCommunityView(db, app);
  return {
    spaceIds: new Set(readableSpaceIds(view)),
    categories: categoryAbilities(communityActorOf(app, 'communities')).includes('view'),
  };
}
export { notifyPublishedPost } from './community-notifications.ts';

// Moderation (issue 16): hiding and showing posts and comments, the inbox's summaries, who moderates a space.
export * from './moderated-content.ts';
export { postsPublishedTo, type OnPublished } from './publish.job.ts';
export type { PostAccess } from './community.access.ts';
export type { CommentAccess } from './community.scopes.ts';

// Comments on other features' entities (events, issue 18): the feature registers who reads, who writes and
// where the counter lives; the comment routes do the rest.
export {
  registerCommentEntity,
  type CommentEntity,
  type CommentEntityResolver,
  type CommentNotices,
} from './comments.entities.ts';

// Polls in chat messages (issue 17): the chat checks, shows and answers the polls its messages carry.
export { answerVote } from './votes.service.ts';
export { findVoteViews, isVoteInChat, type VoteView } from './votes.repo.ts';
export { presentVote } from './posts.presenter.ts';

/** A poll of the app made by `authorProfileId` that nothing carries yet: what a new chat message may carry. */
export async function isFreeVote(
  db: DbOrTx,
  voteId: string,
  appId: string,
  authorProfileId: string,
): Promise<boolean> {
  const vote = await findVote(db, voteId);
  if (!vote || vote.appId !== appId || vote.authorProfileId !== authorProfileId) {
    return false;
  }
  return (await findPostIdOfVote(db, voteId)) === undefined && !(await isVoteInChat(db, voteId));
}
