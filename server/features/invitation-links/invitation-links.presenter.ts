import type { AbilityName } from '../../../contracts/abilities.ts';
import type { InvitationLink } from '../../../contracts/invitation-links.ts';
import type { InvitationLinkRow } from './invitation-links.repo.ts';

/** `{protocol}://{publicDomain}/{appSlug}/auth/join/{token}`: the app host's join screen. */
export function joinUrlOf(appBaseUrl: string, appSlug: string, token: string): string {
  return `${appBaseUrl}/${appSlug}/auth/join/${token}`;
}

export function presentInvitationLink(
  link: InvitationLinkRow,
  url: string,
  can: AbilityName<'invitation'>[],
): InvitationLink {
  return {
    id: link.id,
    name: link.name,
    url,
    // Links are created for members or moderators only (the contract refuses other types).
    memberType: link.memberType === 'moderator' ? 'moderator' : 'member',
    tagIds: link.tagIds,
    planIds: link.planIds,
    maxUses: link.maxUses,
    usesCount: link.usesCount,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    isActive: link.isActive,
    createdAt: link.createdAt.toISOString(),
    permissions: { can },
  };
}
