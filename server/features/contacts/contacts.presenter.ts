import type { Contact } from '../../../contracts/contacts.ts';
import type { ContactAbility } from './contacts.policy.ts';
import type { ContactListRow, ContactProfileRow } from './contacts.repo.ts';

/** `profiles` come most recently updated first; the avatar is the first one that has one. */
export function presentContact(
  row: ContactListRow,
  profiles: ContactProfileRow[],
  can: ContactAbility[],
): Contact {
  return {
    id: row.id,
    avatarId: profiles.find((profile) => profile.avatarId !== null)?.avatarId ?? null,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    source: row.source as Contact['source'],
    createdAt: row.createdAt.toISOString(),
    profiles: profiles.map((profile) => ({
      id: profile.id,
      appId: profile.appId,
      appName: profile.appName,
      type: profile.type,
      isOwner: profile.isOwner,
    })),
    permissions: { can },
  };
}
