import { knownNotificationActionValues } from '../../../contracts/enums.ts';
import {
  defaultPrivacy,
  privacyFlagKeys,
  socialLinkKeys,
  type Notifications,
  type Profile,
} from '../../../contracts/profile.ts';
import type { AccountRow } from '../auth/public.ts';
import { pictureUrl } from '../cloud/public.ts';
import type { UrlSign } from '../cloud/public.ts';
import type { ProfileRow } from '../workspace/public.ts';

export function presentNotifications(row: ProfileRow): Notifications {
  return {
    isPushEnabled: row.isPushEnabled,
    isEmailEnabled: row.isEmailEnabled,
    emailActions: row.emailActions,
    pushActions: row.pushActions,
    emailDigest: row.emailDigest,
    list: knownNotificationActionValues.map((type) => ({
      type,
      email: row.emailActions.includes(type),
      push: row.pushActions.includes(type),
    })),
  };
}

export function presentProfile(
  row: ProfileRow,
  account: AccountRow,
  can: Profile['permissions']['can'],
  sign: UrlSign,
): Profile {
  return {
    id: row.id,
    appId: row.appId,
    type: row.type,
    isOwner: row.isOwner,
    isPasswordSet: account.passwordHash !== null,
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    timezone: row.timezone,
    language: row.language,
    avatarId: row.avatarId,
    coverId: row.coverId,
    avatarUrl: pictureUrl(sign, row.avatarId, 'tile'),
    coverUrl: pictureUrl(sign, row.coverId, 'preview'),
    bio: row.bio,
    location: row.location,
    phone: row.phone,
    social: Object.fromEntries(
      socialLinkKeys.map((key) => [key, row.social[key] ?? '']),
    ) as Profile['social'],
    customFields: row.customFields,
    privacy: Object.fromEntries(
      privacyFlagKeys.map((key) => [key, row.privacy[key] ?? defaultPrivacy[key]]),
    ) as Profile['privacy'],
    darkMode: row.darkMode,
    notifications: {
      isPushEnabled: row.isPushEnabled,
      isEmailEnabled: row.isEmailEnabled,
      emailActions: row.emailActions,
      pushActions: row.pushActions,
      emailDigest: row.emailDigest,
    },
    permissions: { can },
  };
}
