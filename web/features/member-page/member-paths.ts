import type { Member } from './member-api';

/** `/{appSlug}/m/{memberId}` (spec §2, ROUTE-75). */
export const memberPath = (slug: string, profileId: string) => `/${slug}/m/${encodeURIComponent(profileId)}`;

/** The members list with the admin form of one member open (settings/members, helper E2's screens). */
export const memberAdminPath = (slug: string, profileId: string) =>
  `/${slug}/settings/members?profile=${encodeURIComponent(profileId)}`;

export function memberNameOf(member: Pick<Member, 'firstName' | 'lastName'>): string {
  return `${member.firstName} ${member.lastName}`.trim();
}

export function memberInitialsOf(member: Pick<Member, 'firstName' | 'lastName'>): string {
  return `${member.firstName.trim().charAt(0)}${member.lastName.trim().charAt(0)}`.toUpperCase() || '?';
}
