import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { knownNotificationActionValues, memberTypeSchema } from './enums.ts';
import { codeSchema, identitySchema } from './auth.ts';
import { emailDigestSchema } from './notifications.ts';
import { languageSchema } from './language.ts';
import { maxLength, requiredString, url } from './validation/index.ts';

/**
 * The member profile of one app (spec §3 "Member profile" and "Profile", §7 "Profile"). Names and e-mail
 * live on the account and are shown here; the e-mail changes through the contact flow, the password through
 * `PATCH /user/password`.
 */

/**
 * What a caller may do with a profile (`permissions.can`). Route declarations write them `profile:<name>`;
 * `view` is what seeing the profile at all needs, so it is not listed in `can`.
 */
export const profileAbilityValues = abilitiesBySubject.profile;
export type ProfileAbility = (typeof profileAbilityValues)[number];
export const profilePermissionSchema = z.enum(['edit', 'delete']);

export const socialLinkKeys = [
  'website',
  'facebook',
  'instagram',
  'linkedin',
  'x',
  'youtube',
  'tiktok',
] as const;
export type SocialLinkKey = (typeof socialLinkKeys)[number];

export const privacyFlagKeys = ['showEmail', 'showPhone', 'showLocation'] as const;
export type PrivacyFlagKey = (typeof privacyFlagKeys)[number];
/** Privacy by default: nothing personal is shown to other members until the person allows it. */
export const defaultPrivacy: Record<PrivacyFlagKey, boolean> = {
  showEmail: false,
  showPhone: false,
  showLocation: false,
};

export const profileLimits = {
  bio: 2000,
  location: 200,
  phone: 30,
  socialUrl: 500,
  customFields: 50,
  customFieldKey: 100,
  customFieldText: 2000,
} as const;

/** Digits with the usual separators, optionally international; '' clears the number. */
const phonePattern = /^(\+?[0-9 ()/.-]{3,30})?$/;

const socialLinksBody = z.strictObject(
  Object.fromEntries(
    socialLinkKeys.map((key) => [key, url().check(maxLength(profileLimits.socialUrl)).optional()]),
  ) as Record<SocialLinkKey, z.ZodOptional<z.ZodString>>,
);
const privacyBody = z.strictObject(
  Object.fromEntries(privacyFlagKeys.map((key) => [key, z.boolean().optional()])) as Record<
    PrivacyFlagKey,
    z.ZodOptional<z.ZodBoolean>
  >,
);

export const customFieldValueSchema = z.union([
  z.string().check(maxLength(profileLimits.customFieldText)),
  z.number(),
  z.boolean(),
  z.array(z.string().check(maxLength(200))).check(maxLength(100)),
]);
const customFieldsSchema = z.record(
  z.string().min(1).max(profileLimits.customFieldKey),
  customFieldValueSchema,
);
const hasAtMostKeys = (max: number) => (value: object) => Object.keys(value).length <= max;

/**
 * `PATCH /apps/{appId}/profile`. Every field is optional; `social`, `privacy` and `customFields` are merged
 * key by key ('' clears a link, null removes a custom field); `timezone` / `language` null = the account's.
 */
export const updateProfileBodySchema = z.strictObject({
  firstName: requiredString().check(maxLength(100)).optional(),
  lastName: requiredString().check(maxLength(100)).optional(),
  timezone: z.string().max(64).nullable().optional(),
  language: languageSchema.nullable().optional(),
  bio: z.string().check(maxLength(profileLimits.bio)).optional(),
  location: z.string().check(maxLength(profileLimits.location)).optional(),
  phone: z.string().regex(phonePattern, 'validation.invalidFormat').optional(),
  social: socialLinksBody.optional(),
  customFields: z
    .record(z.string().min(1).max(profileLimits.customFieldKey), customFieldValueSchema.nullable())
    .refine(hasAtMostKeys(profileLimits.customFields), {
      error: 'validation.validateMaxLength',
      params: { max: profileLimits.customFields },
    })
    .optional(),
  privacy: privacyBody.optional(),
  darkMode: z.boolean().optional(),
  avatarId: z.uuid().nullable().optional(),
  coverId: z.uuid().nullable().optional(),
});
export type UpdateProfileBody = z.output<typeof updateProfileBodySchema>;

export const notificationActionEnum = z.enum(knownNotificationActionValues);
const actionList = z.array(notificationActionEnum).check(maxLength(knownNotificationActionValues.length * 2));

export const notificationSettingsSchema = z.object({
  isPushEnabled: z.boolean(),
  isEmailEnabled: z.boolean(),
  emailActions: z.array(z.string()),
  pushActions: z.array(z.string()),
  /** A digest of unread notifications by mail (contracts/notifications.ts). */
  emailDigest: emailDigestSchema,
});

/** `GET /apps/{appId}/profile/notifications`: the settings plus one row per known action. */
export const notificationsSchema = notificationSettingsSchema.extend({
  list: z.array(z.object({ type: z.string(), email: z.boolean(), push: z.boolean() })),
});
export type Notifications = z.infer<typeof notificationsSchema>;

export const updateNotificationsBodySchema = z.strictObject({
  isPushEnabled: z.boolean().optional(),
  isEmailEnabled: z.boolean().optional(),
  emailActions: actionList.optional(),
  pushActions: actionList.optional(),
  emailDigest: emailDigestSchema.optional(),
});
export type UpdateNotificationsBody = z.output<typeof updateNotificationsBodySchema>;

export const profileSchema = z.object({
  id: z.uuid(),
  appId: z.uuid(),
  type: memberTypeSchema,
  isOwner: z.boolean(),
  isPasswordSet: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** null: the account's time zone / language apply. */
  timezone: z.string().nullable(),
  language: languageSchema.nullable(),
  avatarId: z.uuid().nullable(),
  coverId: z.uuid().nullable(),
  /** Signed addresses of the photo (square tile) and the cover (large preview); null without one. */
  avatarUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  bio: z.string(),
  location: z.string(),
  phone: z.string(),
  social: z.object(
    Object.fromEntries(socialLinkKeys.map((key) => [key, z.string()])) as Record<SocialLinkKey, z.ZodString>,
  ),
  customFields: customFieldsSchema,
  privacy: z.object(
    Object.fromEntries(privacyFlagKeys.map((key) => [key, z.boolean()])) as Record<
      PrivacyFlagKey,
      z.ZodBoolean
    >,
  ),
  darkMode: z.boolean(),
  notifications: notificationSettingsSchema,
  permissions: z.object({ can: z.array(profilePermissionSchema) }),
});
export type Profile = z.infer<typeof profileSchema>;

export const appParamsSchema = z.object({ appId: z.uuid() });

/** `POST /apps/{appId}/profile/delete`: the code mailed by `.../delete/confirm/send`. */
export const deleteProfileBodySchema = z.strictObject({
  prefix: z.string().max(8).optional(),
  code: codeSchema,
});

const deviceIdSchema = z.string().min(1).max(200);
/** `POST /apps/{appId}/logout`: the device whose push token goes with the session; the body may be left out. */
export const appLogoutBodySchema = z.strictObject({ deviceId: deviceIdSchema.optional() }).nullish();
/** `POST /apps/{appId}/tokens`: registers (or moves) a device's push token. */
export const pushTokenBodySchema = z.strictObject({
  token: z.string().min(1).max(4096),
  deviceId: deviceIdSchema,
});

/** `GET /projects/current`: where the service host's root path goes. */
export const currentProjectSchema = z.object({ id: z.uuid() });

/** `GET /auth/identity[?appId=]`: the account, and the caller's profile in that app when asked (null if none). */
export const identityWithProfileSchema = identitySchema.extend({ profile: profileSchema.nullable() });
export const identityQuerySchema = z.object({ appId: z.uuid().optional() });
