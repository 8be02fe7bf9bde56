import type { GeneralProfile, GeneralProfilePatchBody } from '../../../contracts/contacts.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { isTimezone } from '../account/public.ts';
import { updateLiveProfile } from '../profile/public.ts';
import { generalProfileAbilities } from './contacts.policy.ts';
import type { GeneralProfileScopeAccess } from './contacts.scopes.ts';
import * as repo from './general-profile.repo.ts';

type Loaded = GeneralProfileScopeAccess['target'];

/**
 * The project-level view of one member (contacts/{memberId}). Seen by whoever sees the project (owner,
 * active team) and by the app's managers; edited by whoever may edit the project or manages the app.
 * Names and e-mail belong to the account, shared by every project the person is in, so they stay read-only.
 */
export function createGeneralProfileService(deps: { db: Db }) {
  const { db } = deps;

  async function present(found: Loaded, canEdit: boolean): Promise<GeneralProfile> {
    const { profile, account } = found;
    const lastSeenAt = await repo.findLastSeenInApp(db, profile.appId, profile.accountId);
    return {
      id: profile.id,
      appId: profile.appId,
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      phone: profile.phone,
      location: profile.location,
      bio: profile.bio,
      timezone: profile.timezone,
      language: profile.language,
      createdAt: profile.createdAt.toISOString(),
      lastSeenAt: lastSeenAt?.toISOString() ?? null,
      permissions: { can: canEdit ? ['edit'] : [] },
    };
  }

  return {
    async get(access: GeneralProfileScopeAccess): Promise<GeneralProfile> {
      return present(access.target, generalProfileAbilities(access).includes('edit'));
    },

    /** The route's scope has checked `profile:edit` (the project's editors and the app's managers). */
    async update(access: GeneralProfileScopeAccess, input: GeneralProfilePatchBody): Promise<GeneralProfile> {
      const found = access.target;
      if (typeof input.timezone === 'string' && !isTimezone(input.timezone)) {
        throw badRequest({ timezone: 'validation.invalidValue' });
      }
      const changes = Object.fromEntries(
        Object.entries(input).filter(([, value]) => value !== undefined),
      ) as GeneralProfilePatchBody;
      const profile =
        Object.keys(changes).length > 0
          ? await updateLiveProfile(db, found.profile.appId, found.profile.id, changes)
          : found.profile;
      if (!profile) {
        throw notFound();
      }
      return present({ ...found, profile }, true);
    },
  };
}

export type GeneralProfileService = ReturnType<typeof createGeneralProfileService>;
