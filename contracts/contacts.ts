import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { memberTypeSchema } from './enums.ts';
import { languageSchema } from './language.ts';
import { paginated } from './pagination.ts';
import { updateProfileBodySchema } from './profile.ts';
import { permissionsOf } from './projects.ts';

/*
 * Project contacts (spec §3 Contact, §7 "Projects, members": contacts and contacts/{memberId}): every person
 * the project knows, one per address, with the profiles that person has in the project's apps; and the
 * project-level "general profile" of one member.
 */

/** How a person came to the project. */
export const contactSourceValues = [
  'signup',
  'invitation',
  'invite_link',
  'import',
  'team',
  'owner',
] as const;
export type ContactSourceValue = (typeof contactSourceValues)[number];

/** A live profile of the contact in one of the project's apps; its id opens contacts/{memberId}. */
export const contactProfileSchema = z.object({
  id: z.uuid(),
  appId: z.uuid(),
  appName: z.string(),
  type: memberTypeSchema,
  isOwner: z.boolean(),
});

export const contactSchema = z.object({
  id: z.uuid(),
  /** The avatar of the contact's most recently updated profile that has one. */
  avatarId: z.uuid().nullable(),
  email: z.string(),
  /** From the account; empty while the address has none. */
  firstName: z.string(),
  lastName: z.string(),
  source: z.enum(contactSourceValues),
  createdAt: z.iso.datetime(),
  profiles: z.array(contactProfileSchema),
  permissions: permissionsOf(abilitiesBySubject.contact),
});
export type Contact = z.infer<typeof contactSchema>;
export const contactListSchema = paginated(contactSchema);

export const contactSortValues = ['createdAt', '-createdAt', 'email', '-email'] as const;
export type ContactSort = (typeof contactSortValues)[number];

/** `GET /projects/{id}/contacts?page&limit&sort&filter[search]&filter[source]&filter[appId]`. */
export const contactListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(contactSortValues).default('-createdAt'),
  'filter[search]': z.string().trim().max(100).optional(),
  'filter[source]': z.enum(contactSourceValues).optional(),
  'filter[appId]': z.uuid().optional(),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

export const contactProjectParamsSchema = z.object({ projectId: z.uuid() });
export const contactParamsSchema = z.object({ contactId: z.uuid() });

// ---------- general profile (contacts/{memberId}) ----------

export const generalProfileParamsSchema = z.object({ profileId: z.uuid() });

/**
 * The project-level view of one member. Names and e-mail belong to the person's account (shared by every
 * project they are in), so they are read-only here.
 */
export const generalProfileSchema = z.object({
  id: z.uuid(),
  appId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.string(),
  bio: z.string(),
  /** null: the account's time zone / language apply. */
  timezone: z.string().nullable(),
  language: languageSchema.nullable(),
  createdAt: z.iso.datetime(),
  /** The last time one of the person's sessions in this app was used; null when never signed in there. */
  lastSeenAt: z.iso.datetime().nullable(),
  permissions: z.object({ can: z.array(z.enum(['edit'])) }),
});
export type GeneralProfile = z.infer<typeof generalProfileSchema>;
export const generalProfileResponseSchema = z.object({ data: generalProfileSchema });

/**
 * `PATCH /profiles/{id}/general`: the profile's own fields, with the member form's rules; names and e-mail
 * are refused as unknown fields.
 */
const memberForm = updateProfileBodySchema.shape;
export const generalProfilePatchBodySchema = z.strictObject({
  phone: memberForm.phone,
  location: memberForm.location,
  bio: memberForm.bio,
  timezone: memberForm.timezone,
  language: memberForm.language,
});
export type GeneralProfilePatchBody = z.output<typeof generalProfilePatchBodySchema>;
