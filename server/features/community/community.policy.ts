import type { AbilityName } from '../../../contracts/abilities.ts';
import type { SpaceAccess as SpaceAccessLevel } from '../../../contracts/enums.ts';
import type { AppRole, Sanction } from '../workspace/public.ts';

/*
 * The community's rules (issue 15, spec §6 "Space" and "Post"), pure predicates over loaded data. The one
 * visibility rule of docs/decisions/community-model.md lives here and nowhere else:
 *
 *   open     listed and readable by every member of the app (guests too when the app lets guests into the
 *            community);
 *   private  listed for every member; readable by its active members and by whoever moderates it;
 *   secret   neither listed nor readable unless one is an active member or moderates it.
 *
 * "Moderates it": a moderator of the space, of its group, or of the app (role moderator), and the app's
 * managers (owner, admin, team with app management). A blocked member reads nothing (the app is shut for
 * them); a punished member reads but writes nothing until `punished_until`.
 */

export type SpaceAbility = AbilityName<'space'>;
export type PostAbility = AbilityName<'post'>;
export type GroupAbility = AbilityName<'group'>;
export type CategoryAbility = AbilityName<'category'>;
export type CommentAbility = AbilityName<'comment'>;

/** The caller, as the community sees them (from the app access). */
export type CommunityActor = {
  role: AppRole;
  sanction: Sanction;
  profileId: string | null;
  /** The app lets guests read its open spaces and categories (community service setting). */
  guestsMayRead: boolean;
};

/** The caller's standing in one space. */
export type SpaceStanding = {
  access: SpaceAccessLevel;
  /** `active` or `requested` membership, or null. */
  membership: 'active' | 'requested' | null;
  isSpaceModerator: boolean;
  isGroupModerator: boolean;
};

const managerRoles: readonly AppRole[] = ['owner', 'admin', 'team'];
const participantRoles: readonly AppRole[] = ['owner', 'admin', 'team', 'moderator', 'member'];

export const isCommunityManager = (actor: CommunityActor) => managerRoles.includes(actor.role);

/** Takes part in the app's community: a live profile that is not only invited (or the app's managers). */
export const isParticipant = (actor: CommunityActor) =>
  participantRoles.includes(actor.role) && actor.sanction !== 'blocked';

/** May write: a participant without a sanction. */
export const mayWrite = (actor: CommunityActor) => isParticipant(actor) && actor.sanction === null;

export function moderatesSpace(actor: CommunityActor, standing: SpaceStanding): boolean {
  // An invited person named moderator (the invitation form) moderates once they have joined the app.
  if (!isParticipant(actor)) {
    return false;
  }
  return (
    isCommunityManager(actor) ||
    actor.role === 'moderator' ||
    standing.isSpaceModerator ||
    standing.isGroupModerator
  );
}

/** Whether the space shows in lists, dropdowns and counters for the caller. */
export function spaceListed(actor: CommunityActor, standing: SpaceStanding): boolean {
  if (actor.sanction === 'blocked') {
    return false;
  }
  if (standing.access === 'secret') {
    return spaceReadable(actor, standing);
  }
  return isParticipant(actor) || (standing.access === 'open' && actor.guestsMayRead);
}

/** Whether the caller may read the space's posts (and everything in them). */
export function spaceReadable(actor: CommunityActor, standing: SpaceStanding): boolean {
  if (actor.sanction === 'blocked') {
    return false;
  }
  if (moderatesSpace(actor, standing)) {
    return true;
  }
  if (standing.access === 'open') {
    return isParticipant(actor) || actor.guestsMayRead;
  }
  return isParticipant(actor) && standing.membership === 'active';
}

/**
 * Space abilities. Joining: open spaces at once, private spaces by request (a moderator approves), secret
 * spaces only when a moderator adds the member (docs/DECISIONS.md "Community: joining spaces").
 */
export function spaceAbilities(actor: CommunityActor, standing: SpaceStanding): SpaceAbility[] {
  if (!spaceListed(actor, standing)) {
    return [];
  }
  const can: SpaceAbility[] = [];
  const readable = spaceReadable(actor, standing);
  const moderates = moderatesSpace(actor, standing);
  const writes = mayWrite(actor);
  if (readable) {
    can.push('view');
  }
  if (readable && isParticipant(actor)) {
    can.push('view_profiles');
  }
  // Joining needs a profile to be a member with (a team member managing the app may have none).
  if (writes && actor.profileId !== null && standing.membership === null && standing.access !== 'secret') {
    can.push('join');
  }
  if (standing.membership !== null && isParticipant(actor)) {
    can.push('leave');
  }
  if (standing.membership === 'active' && isParticipant(actor)) {
    can.push('bell');
  }
  // A post has an author: a team member acting without a profile of the app moderates but does not write.
  const authors = writes && actor.profileId !== null;
  if (readable && authors) {
    can.push('create_post');
  }
  if (moderates && authors) {
    can.push('create_scheduled_post');
  }
  if (moderates && writes) {
    can.push('create_profile', 'delete_profile', 'export_profiles', 'bulk_invite');
  }
  if ((isCommunityManager(actor) || standing.isGroupModerator) && writes) {
    can.push('show_settings', 'edit');
  }
  if (isCommunityManager(actor) && writes) {
    can.push('delete');
  }
  return can;
}

/** The post as its rules need it. */
export type PostFacts = {
  authorProfileId: string;
  isPublished: boolean;
  /** Held by moderation (waiting for approval, or hidden by reports): only a moderator's decision publishes it. */
  isHeld?: boolean;
  isCommentsDisabled: boolean;
  isLikesDisabled: boolean;
  isShareDisabled: boolean;
};

/**
 * Post abilities, given whether the caller reads the post's container and moderates it. An unpublished
 * (scheduled) post is seen only by its author and the container's moderators.
 */
export function postAbilities(
  actor: CommunityActor,
  container: { readable: boolean; moderates: boolean },
  post: PostFacts,
): PostAbility[] {
  if (!container.readable) {
    return [];
  }
  const isAuthor = actor.profileId !== null && actor.profileId === post.authorProfileId;
  if (!post.isPublished && !isAuthor && !container.moderates) {
    return [];
  }
  const can: PostAbility[] = ['view'];
  const writes = mayWrite(actor);
  if (post.isPublished && !post.isShareDisabled) {
    can.push('share');
  }
  if (!writes) {
    return can;
  }
  // Comments, likes and follows are a member's own: a manager acting without a profile of the app (a team
  // member) moderates but does not take part.
  if (post.isPublished && actor.profileId !== null) {
    if (!post.isCommentsDisabled) {
      can.push('comment');
    }
    if (!post.isLikesDisabled) {
      can.push('like');
    }
    can.push('follow', 'send_to_chat');
    if (!isAuthor) {
      can.push('report');
    }
  }
  if (isAuthor || container.moderates) {
    can.push('edit', 'delete');
    if (!post.isPublished && !post.isHeld) {
      can.push('publish', 'edit_publish_time');
    }
  }
  if (container.moderates) {
    can.push('pin_to_top', 'pin_to_sidebar', 'move');
    // The clone is the caller's own post.
    if (actor.profileId !== null) {
      can.push('clone');
    }
  }
  return can;
}

/** Abilities on a communities category: every participant reads and posts; managers arrange them. */
export function categoryAbilities(actor: CommunityActor): CategoryAbility[] {
  if (actor.sanction === 'blocked' || !(isParticipant(actor) || actor.guestsMayRead)) {
    return [];
  }
  const can: CategoryAbility[] = ['view'];
  const authors = mayWrite(actor) && actor.profileId !== null;
  if (authors) {
    can.push('create_post');
  }
  if (isCommunityManager(actor) && authors) {
    can.push('create_scheduled_post');
  }
  if (isCommunityManager(actor) && mayWrite(actor)) {
    can.push('edit', 'delete', 'move');
  }
  return can;
}

/** Whether the caller moderates the communities (its categories have no moderators of their own). */
export const moderatesCategories = (actor: CommunityActor) =>
  actor.sanction !== 'blocked' && (isCommunityManager(actor) || actor.role === 'moderator');

/** Abilities on a group: participants see it; its moderators and the managers run it. */
export function groupAbilities(
  actor: CommunityActor,
  group: { isGroupModerator: boolean; hasListedSpace: boolean; isMember: boolean },
): GroupAbility[] {
  const manages = isCommunityManager(actor);
  if (actor.sanction === 'blocked' || !(manages || group.isGroupModerator || group.hasListedSpace)) {
    return [];
  }
  const can: GroupAbility[] = ['view'];
  if (isParticipant(actor)) {
    can.push('view_profiles');
  }
  if (group.isMember && isParticipant(actor)) {
    can.push('leave');
  }
  if ((manages || group.isGroupModerator) && mayWrite(actor)) {
    can.push('edit', 'create_space', 'delete_profile');
  }
  if (manages && mayWrite(actor)) {
    can.push('delete');
  }
  return can;
}

/** Abilities on a comment, given the abilities of the post (or other entity) it is on. */
export function commentAbilities(
  actor: CommunityActor,
  entity: { canComment: boolean; moderates: boolean },
  comment: { authorProfileId: string; isDeleted: boolean; isReply: boolean },
): CommentAbility[] {
  const can: CommentAbility[] = ['view'];
  if (comment.isDeleted || !mayWrite(actor)) {
    return can;
  }
  const isAuthor = actor.profileId !== null && actor.profileId === comment.authorProfileId;
  if (actor.profileId !== null) {
    can.push('like');
  }
  if (entity.canComment && !comment.isReply) {
    can.push('reply');
  }
  if (isAuthor) {
    can.push('edit');
  }
  if (isAuthor || entity.moderates) {
    can.push('delete');
  }
  // Reporting is a member's own act about what someone else wrote (issue 16).
  if (actor.profileId !== null && !isAuthor) {
    can.push('report');
  }
  return can;
}
