import type { Member, MemberAbility, MemberModerates } from '../../../contracts/members.ts';
import { pictureUrl, type UrlSign } from '../cloud/public.ts';
import type { MemberRow } from './members.repo.ts';

/**
 * A member row as the list and the member page show it; `email` only for admins and moderators, `moderates`
 * when the caller read it (admins and moderators).
 */
export function presentMember(
  row: MemberRow,
  options: { showEmail: boolean; can: MemberAbility[]; sign: UrlSign; moderates: MemberModerates | null },
): Member {
  return {
    id: row.id,
    accountId: row.accountId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: options.showEmail ? row.email : null,
    avatarId: row.avatarId,
    avatarUrl: pictureUrl(options.sign, row.avatarId, 'tile'),
    type: row.type,
    isOwner: row.isOwner,
    tags: row.tags.map((tag) => ({ id: tag.id, name: tag.name, kind: tag.kind })),
    punishedUntil: row.punishedUntil ? new Date(row.punishedUntil).toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
    moderates: options.moderates,
    permissions: { can: options.can },
  };
}
