import type { CodeLimits } from '../../../contracts/auth.ts';
import { defaultCodeLimits } from '../../../contracts/constants.ts';
import { knownNotificationActionValues } from '../../../contracts/enums.ts';
import {
  type Notifications,
  type Profile,
  type UpdateNotificationsBody,
  type UpdateProfileBody,
} from '../../../contracts/profile.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { CustomFieldValue, SocialLinks } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { isTimezone, type AccountService } from '../account/public.ts';
import {
  noPendingCode,
  updateAccount,
  type AccountRow,
  type CodeService,
  type SessionService,
} from '../auth/public.ts';
import { pictureFieldErrors, type UrlSign } from '../cloud/public.ts';
import { applyValueChanges, listFields as listCustomFields } from '../custom-fields/public.ts';
import type { ProfileRow } from '../workspace/public.ts';
import { profilePermissions } from './profile.policy.ts';
import { presentNotifications, presentProfile } from './profile.presenter.ts';
import * as repo from './profile.repo.ts';
import type { OwnProfileAccess } from './profile.scopes.ts';

/** What a deleted profile forgets: everything personal. Type, owner flag and dates stay for the content it wrote. */
const erasedPersonalData = {
  timezone: null,
  language: null,
  avatarId: null,
  coverId: null,
  bio: '',
  location: '',
  phone: '',
  social: {},
  customFields: {},
  privacy: {},
} satisfies repo.ProfileChanges;

/**
 * Removes a live profile from its app inside the caller's transaction: soft delete with the personal data
 * erased, the sessions signed in on that app end, its devices stop receiving pushes. False when the profile
 * was already gone (a parallel request). Shared by leaving an app and by deleting a project contact.
 */
export async function removeProfileFromApp(
  tx: DbOrTx,
  profile: Pick<ProfileRow, 'id' | 'appId' | 'accountId'>,
  reason: string,
): Promise<boolean> {
  if (!(await repo.softDeleteProfile(tx, profile.appId, profile.id, erasedPersonalData))) {
    return false;
  }
  await repo.revokeAppSessionsOfAccount(tx, profile.appId, profile.accountId, reason);
  await repo.deletePushTokensOfAccount(tx, profile.appId, profile.accountId);
  return true;
}

export type ProfileServiceDeps = {
  db: Db;
  codes: CodeService;
  sessions: SessionService;
  mailer: Mailer;
  account: AccountService;
  /** Signs the addresses of the photo and cover. */
  sign: UrlSign;
};

/** The caller's own profile in one app: reading, editing, contact change, deletion, notifications, devices. */
export function createProfileService(deps: ProfileServiceDeps) {
  const { db, codes, sessions, mailer, account: accounts, sign } = deps;

  const present = (account: AccountRow, profile: ProfileRow): Profile =>
    presentProfile(profile, account, profilePermissions({ accountId: account.id }, profile), sign);

  return {
    /** The caller's profile in an app, or null when there is none (for `auth/identity`). */
    async findOwn(actor: Actor, appId: string): Promise<Profile | null> {
      const account = await accounts.requireAccount(actor);
      const found = await repo.findLiveProfileOfAccount(db, appId, account.id);
      return found ? present(account, found.profile) : null;
    },

    get({ account, profile }: OwnProfileAccess): Profile {
      return present(account, profile);
    },

    /** Names go to the account (they are the person's everywhere); everything else belongs to this app. */
    async update({ account, profile, app }: OwnProfileAccess, input: UpdateProfileBody): Promise<Profile> {
      if (typeof input.timezone === 'string' && !isTimezone(input.timezone)) {
        throw badRequest({ timezone: 'validation.invalidValue' });
      }
      // Keys must be the app's custom fields, values must suit them; errors come as `customFields.<id>`.
      let customFields: Record<string, CustomFieldValue> | undefined;
      if (input.customFields) {
        const fields = await listCustomFields(db, app.id);
        const checked = applyValueChanges(fields, profile.customFields, input.customFields);
        if (Object.keys(checked.errors).length > 0) {
          throw badRequest(checked.errors);
        }
        customFields = checked.values;
      }
      // The photo and cover are pictures of the person's own library in the project (usually hidden uploads).
      const pictures = await pictureFieldErrors(
        db,
        app.projectId,
        { avatarId: input.avatarId, coverId: input.coverId },
        account.id,
      );
      if (Object.keys(pictures).length > 0) {
        throw badRequest(pictures);
      }
      const { firstName, lastName, social, privacy, customFields: _customFields, ...own } = input;
      return db.transaction(async (tx) => {
        const names = definedOnly({ firstName: firstName?.trim(), lastName: lastName?.trim() });
        const nextAccount =
          Object.keys(names).length > 0 ? ((await updateAccount(tx, account.id, names)) ?? account) : account;
        const next = await repo.updateLiveProfile(tx, app.id, profile.id, {
          ...definedOnly(own),
          ...(social ? { social: mergeSocial(profile.social, social) } : {}),
          ...(privacy ? { privacy: { ...profile.privacy, ...definedOnly(privacy) } } : {}),
          ...(customFields ? { customFields } : {}),
        });
        if (!next) {
          throw notFound();
        }
        return present(nextAccount, next);
      });
    },

    /** The account's contact change, started from this app: the code and the mail carry the app. */
    async startContactChange(
      { actor, app }: OwnProfileAccess,
      input: { value: string; resend: boolean },
    ): Promise<CodeLimits> {
      return accounts.startContactChange(actor, { ...input, app });
    },

    async confirmContactChange(
      { actor, profile }: OwnProfileAccess,
      input: { login: string; code: string },
    ): Promise<Profile> {
      return present(await accounts.confirmContactChange(actor, input), profile);
    },

    /** Mails a code to the account's address; deleting the profile needs it back. */
    async sendDeletionCode(
      { account, profile, app }: OwnProfileAccess,
      input: { resend: boolean },
    ): Promise<CodeLimits> {
      const issued = await codes.issue({
        purpose: 'profile_deletion',
        login: account.email,
        accountId: account.id,
        appId: app.id,
        resend: input.resend,
      });
      if (issued.code) {
        await mailer.send({
          template: 'profile-deletion-code',
          params: {
            code: issued.code,
            expiresInMinutes: Math.round(defaultCodeLimits.codeExpired / 60),
            appName: app.name,
          },
          to: account.email,
          language: profile.language ?? account.language,
          projectId: app.projectId,
        });
      }
      return issued.limits;
    },

    /**
     * Leaves the app: the profile is soft-deleted with its personal data erased (the account and other apps
     * stay), the sessions signed in on this app end and its devices stop receiving pushes.
     */
    async delete({ account, profile, app }: OwnProfileAccess, input: { code: string }): Promise<void> {
      const row = await codes.check({
        purpose: 'profile_deletion',
        login: account.email,
        code: input.code,
        consume: true,
      });
      // A code mailed for another app (or to a former holder of the address) does not delete this profile.
      if (row.accountId !== account.id || row.appId !== app.id) {
        throw noPendingCode();
      }
      await db.transaction(async (tx) => {
        if (!(await removeProfileFromApp(tx, profile, 'profile_deleted'))) {
          throw notFound();
        }
      });
    },

    notifications({ profile }: OwnProfileAccess): Notifications {
      return presentNotifications(profile);
    },

    async updateNotifications(
      { profile, app }: OwnProfileAccess,
      input: UpdateNotificationsBody,
    ): Promise<Notifications> {
      const next = await repo.updateLiveProfile(db, app.id, profile.id, {
        ...definedOnly({
          isPushEnabled: input.isPushEnabled,
          isEmailEnabled: input.isEmailEnabled,
          emailDigest: input.emailDigest,
        }),
        ...(input.emailActions ? { emailActions: inKnownOrder(input.emailActions) } : {}),
        ...(input.pushActions ? { pushActions: inKnownOrder(input.pushActions) } : {}),
      });
      if (!next) {
        throw notFound();
      }
      return presentNotifications(next);
    },

    /** Ends the session making the call; the device's push token goes with it. */
    async logout(
      { actor, account, app }: OwnProfileAccess,
      input: { deviceId?: string | undefined },
    ): Promise<void> {
      if (actor.sessionId) {
        await sessions.revoke(actor.sessionId, 'logout');
      }
      if (input.deviceId) {
        await repo.deletePushTokenOfAccount(db, app.id, account.id, input.deviceId);
      }
    },

    async registerPushToken(
      { account, app }: OwnProfileAccess,
      input: { token: string; deviceId: string },
    ): Promise<void> {
      await repo.upsertPushToken(db, {
        id: newId(),
        projectId: app.projectId,
        appId: app.id,
        accountId: account.id,
        ...input,
      });
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;

function definedOnly<T extends Record<string, unknown>>(
  values: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** '' clears a link. */
function mergeSocial(current: SocialLinks, changes: SocialLinks): SocialLinks {
  const merged: SocialLinks = { ...current };
  for (const [key, value] of Object.entries(changes) as [keyof SocialLinks, string | undefined][]) {
    if (value === '') {
      delete merged[key];
    } else if (value !== undefined) {
      merged[key] = value.trim();
    }
  }
  return merged;
}

/** Without repeats, in the order the product lists the actions. */
function inKnownOrder(actions: readonly string[]): string[] {
  return knownNotificationActionValues.filter((action) => actions.includes(action));
}
