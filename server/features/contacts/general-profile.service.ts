import type { GeneralProfile, GeneralProfilePatchBody } from '../../../contracts/contacts.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { isTimezone } from '../account/timezones.ts';
import { updateLiveProfile } from '../profile/profile.repo.ts';
import { accessToApp, isAppManager, loadProjectAccess, requireAccount } from '../workspace/access.ts';
import * as repo from './general-profile.repo.ts';

type Loaded = NonNullable<Awaited<ReturnType<typeof repo.findLiveProfileForGeneral>>>;

/**
 * The project-level view of one member (contacts/{memberId}). Seen by whoever sees the project (owner,
 * active team) and by the app's managers; edited by whoever may edit the project or manages the app.
 * Names and e-mail belong to the account, shared by every project the person is in, so they stay read-only.
 */
export function createGeneralProfileService(deps: { db: Db }) {
  const { db } = deps;

  async function load(actor: Actor, profileId: string): Promise<Loaded & { canEdit: boolean }> {
    const accountId = requireAccount(actor);
    const found = await repo.findLiveProfileForGeneral(db, profileId);
    if (!found) {
      throw notFound();
    }
    const project = await loadProjectAccess(db, actor, found.project.id).catch(nullWhenNotFound);
    const app = await accessToApp(db, { app: found.app, project: found.project }, accountId);
    const manager = isAppManager(app);
    if (!project && !manager) {
      throw notFound();
    }
    return { ...found, canEdit: manager || Boolean(project?.can.includes('edit')) };
  }

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
    async get(actor: Actor, profileId: string): Promise<GeneralProfile> {
      const found = await load(actor, profileId);
      return present(found, found.canEdit);
    },

    async update(actor: Actor, profileId: string, input: GeneralProfilePatchBody): Promise<GeneralProfile> {
      const found = await load(actor, profileId);
      if (!found.canEdit) {
        throw forbidden();
      }
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

function nullWhenNotFound(error: unknown): null {
  if (error instanceof AppError && error.statusCode === 404) {
    return null;
  }
  throw error;
}
