import type { AppRole } from '../workspace/public.ts';

/*
 * Who decides which item (issue 16): the app ability `moderation` opens the inbox (moderators, admins, the
 * owner, team members managing the app — app.policy.ts); within it, the app's managers reach every item, a
 * moderator only the items of the spaces they moderate by name (as a space moderator or a moderator of the
 * space's group). Communities categories have no moderators of their own, so their items are the managers'.
 */

/** What part of the app's inbox a caller reaches. */
export type ModerationReach = { all: true } | { all: false; spaceIds: readonly string[] };

const managerRoles: readonly AppRole[] = ['owner', 'admin', 'team'];

export function reachOf(role: AppRole, moderatedSpaceIds: readonly string[]): ModerationReach {
  return managerRoles.includes(role) ? { all: true } : { all: false, spaceIds: moderatedSpaceIds };
}

/** Whether the reach covers an item of this space (null: a communities category). */
export function reaches(reach: ModerationReach, item: { spaceId: string | null }): boolean {
  return reach.all || (item.spaceId !== null && reach.spaceIds.includes(item.spaceId));
}

/** Whether the role needs its moderated spaces looked up (managers reach everything without). */
export const needsSpaces = (role: AppRole) => !managerRoles.includes(role);
