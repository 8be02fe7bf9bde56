import type { RequiredLevel } from '../../../contracts/level-gates.ts';
import type {
  CommunityPicture,
  CommunityProfileSummary,
  Space,
  SpaceMember,
  SpaceMembership,
  SpaceSort,
  SpaceTab,
} from '../../../contracts/community-spaces.ts';
import { pictureUrl, type UrlSign } from '../cloud/public.ts';
import type { SpaceAbility } from './community.policy.ts';
import type { MemberListRow, ProfileSummaryRow } from './space-members.lists.ts';
import type { SpaceRow } from './spaces.repo.ts';

/** A cover of the cloud library: its id and a signed address of the large preview (1600 px webp). */
export function presentPicture(sign: UrlSign, fileId: string | null): CommunityPicture | null {
  return fileId ? { id: fileId, url: pictureUrl(sign, fileId, 'preview') } : null;
}

export function presentProfileSummary(sign: UrlSign, row: ProfileSummaryRow): CommunityProfileSummary {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    avatarUrl: pictureUrl(sign, row.avatarId, 'tile'),
  };
}

export function presentSpaceMember(sign: UrlSign, row: MemberListRow): SpaceMember {
  return {
    ...presentProfileSummary(sign, row),
    role: row.role,
    status: row.status,
    joinedAt: new Date(row.joinedAt).toISOString(),
  };
}

/** What presenting a space needs besides its row: the caller's abilities and membership, its moderators. */
export type SpaceFacts = {
  can: SpaceAbility[];
  membership: SpaceMembership | null;
  moderators: ProfileSummaryRow[];
  /** The level the space asks for while it gates (issue 21), or null. */
  requiredLevel: RequiredLevel | null;
};

export function presentSpace(sign: UrlSign, row: SpaceRow, facts: SpaceFacts): Space {
  return {
    id: row.id,
    type: row.type,
    groupId: row.groupId,
    name: row.name,
    slug: row.slug,
    description: row.description,
    access: row.access,
    preModeration: row.preModeration,
    rules: row.rulesHtml,
    cover: presentPicture(sign, row.coverId),
    mobileCover: presentPicture(sign, row.mobileCoverId),
    // The columns admit every sort and any tab text; the form writes only these.
    defaultSort: row.defaultSort as SpaceSort,
    defaultTab: row.defaultTab as SpaceTab,
    displayView: row.displayView,
    visibleTabs: row.visibleTabs as SpaceTab[],
    moderatorProfiles: facts.moderators.map((moderator) => presentProfileSummary(sign, moderator)),
    membersCount: row.membersCount,
    postsCount: row.postsCount,
    position: row.position,
    membership: facts.membership,
    permissions: { can: facts.can },
    requiredLevel: facts.requiredLevel,
    requiredStatusId: row.requiredStatusId,
  };
}
