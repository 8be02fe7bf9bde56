import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { postListSchema } from './community-posts.ts';
import { defaultMemberTagSchema, memberTypeSchema, memberTypeValues } from './enums.ts';
import { paginationMetaSchema } from './pagination.ts';
import { dateFormats, dateString, email, maxLength, requiredString } from './validation/index.ts';

/*
 * App members as the app's admins and members see them (spec §3 member filter, §7 "Projects, members",
 * rows PROJECTS-MEMBERS-13…16 and 19…26): the members list and its filter, the dropdown, the member page,
 * the member admin form, personal invitations, follows and the bulk CSV import.
 */

export const memberLimits = {
  pageSize: 20,
  dropdownPageSize: 15,
  idsPerFilter: 100,
  search: 100,
  name: 100,
  /** The bulk import's CSV text (the route's body limit allows the JSON around it). */
  importCsvBytes: 5 * 1024 * 1024,
} as const;

/** `permissions.can` of a member for the caller (the profile subject; `view` is implied by seeing it). */
export type MemberAbility = Exclude<(typeof abilitiesBySubject.profile)[number], 'view'>;
export const memberPermissionsSchema = z.object({
  can: z.array(z.enum(abilitiesBySubject.profile)),
});

export const memberTagSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: defaultMemberTagSchema.nullable(),
});

/** The community groups (each with all its spaces) and the single spaces a member moderates. */
export const memberModeratesSchema = z.object({ groupIds: z.array(z.uuid()), spaceIds: z.array(z.uuid()) });
export type MemberModerates = z.infer<typeof memberModeratesSchema>;

/**
 * One member of an app. `email` and `moderates` are null unless the caller is an admin or moderator of the app
 * (who moderates a secret space is not every member's business).
 */
export const memberSchema = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  avatarId: z.uuid().nullable(),
  /** A signed address of the photo (square tile); null without one. */
  avatarUrl: z.string().nullable(),
  type: memberTypeSchema,
  isOwner: z.boolean(),
  tags: z.array(memberTagSchema),
  punishedUntil: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  moderates: memberModeratesSchema.nullable(),
  permissions: memberPermissionsSchema,
});
export type Member = z.infer<typeof memberSchema>;
export const memberResponseSchema = z.object({ data: memberSchema });

export const memberCountsSchema = z.object(
  Object.fromEntries(memberTypeValues.map((type) => [type, z.number().int().min(0)])) as Record<
    (typeof memberTypeValues)[number],
    z.ZodNumber
  >,
);
export type MemberCounts = z.infer<typeof memberCountsSchema>;

export const memberListSchema = z.object({
  data: z.array(memberSchema),
  meta: paginationMetaSchema.extend({ counts: memberCountsSchema }),
});
export type MemberList = z.infer<typeof memberListSchema>;

/** `?ids=a,b`, `?ids=a&ids=b` or `?ids[]=a` → a list of at most 100 uuids. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).filter(Boolean))
  .pipe(z.array(z.uuid({ message: 'validation.invalidValue' })).max(memberLimits.idsPerFilter));

const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * The member filter of spec §3. Ids of entities that do not exist yet (plans, groups, spaces, courses, events,
 * chats) are validated, then refused with 400 FEATURE_NOT_AVAILABLE until those exist; empty lists do nothing.
 */
export const memberFilterFields = {
  search: z.string().trim().max(memberLimits.search).optional(),
  tagIds: idList.optional(),
  accessPlanIds: idList.optional(),
  communityGroupIds: idList.optional(),
  spaceIds: idList.optional(),
  courseCategoryIds: idList.optional(),
  courseIds: idList.optional(),
  /** Event category ids (GAPS 43). */
  eventGroupIds: idList.optional(),
  chatIds: idList.optional(),
  /** Days in the app's time zone, both inclusive. */
  createdFrom: dateString(dateFormats.iso).optional(),
  createdTo: dateString(dateFormats.iso).optional(),
  invited: booleanQuery.optional(),
  role: memberTypeSchema.optional(),
};
export const memberListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  ...memberFilterFields,
});
export type MemberListQuery = z.output<typeof memberListQuerySchema>;
/** Filters only admins and moderators may use; everyone else gets 403 for them. */
export const staffOnlyMemberFilters = [
  'tagIds',
  'accessPlanIds',
  'communityGroupIds',
  'spaceIds',
  'courseCategoryIds',
  'courseIds',
  'eventGroupIds',
  'chatIds',
  'createdFrom',
  'createdTo',
  'invited',
] as const satisfies readonly (keyof MemberListQuery)[];

export const memberDropdownQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  search: z.string().trim().max(memberLimits.search).optional(),
  ids: idList.optional(),
});
export type MemberDropdownQuery = z.output<typeof memberDropdownQuerySchema>;
export const memberDropdownItemSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  avatarId: z.uuid().nullable(),
  type: memberTypeSchema,
});
export const memberDropdownSchema = z.object({
  data: z.array(memberDropdownItemSchema),
  meta: paginationMetaSchema,
});

export const appMemberParamsSchema = z.object({ appId: z.uuid() });
export const memberParamsSchema = z.object({ id: z.uuid() });

const idArray = z.array(z.uuid({ message: 'validation.invalidValue' })).max(memberLimits.idsPerFilter);
const name = z
  .string()
  .check(maxLength(memberLimits.name))
  .transform((value) => value.trim());

/** The invite form (settings/members/invite). */
export const inviteBodySchema = z.strictObject({
  email: email().transform((value) => value.trim().toLowerCase()),
  firstName: name.default(''),
  lastName: name.default(''),
  tagIds: idArray.default([]),
  /** Groups, spaces and access plans do not exist yet: ids are refused (FEATURE_NOT_AVAILABLE) until they do. */
  moderatorGroupIds: idArray.default([]),
  moderatorSpaceIds: idArray.default([]),
  planIds: idArray.default([]),
  isAdmin: z.boolean().default(false),
  /** true: an `invited` profile until the person accepts; false: a member (or admin) right away. */
  isInvited: z.boolean().default(true),
});
export type InviteBody = z.output<typeof inviteBodySchema>;

/** The member admin form (spec §3); every field optional, only what is sent changes. */
export const memberPatchBodySchema = z.strictObject({
  type: z.enum(['member', 'moderator', 'admin']).optional(),
  /** Replaces the member's tags, default tags included. */
  tagIds: idArray.optional(),
  moderatorGroupIds: idArray.optional(),
  moderatorSpaceIds: idArray.optional(),
  planIds: idArray.optional(),
  featureFlags: z.record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,49}$/), z.boolean()).optional(),
  /** The `punished` tag applies until then; null lifts the punishment. */
  punishedUntil: z.iso.datetime({ offset: true }).nullable().optional(),
  /** Adds or removes the `blocked` default tag. */
  isBlocked: z.boolean().optional(),
});
export type MemberPatchBody = z.output<typeof memberPatchBodySchema>;

export const followStateSchema = z.object({
  data: z.object({
    isFollowing: z.boolean(),
    followersCount: z.number().int().min(0),
    followingCount: z.number().int().min(0),
  }),
});
export type FollowState = z.infer<typeof followStateSchema>['data'];

export const memberPostsQuerySchema = z.object({ page: z.coerce.number().int().min(1).default(1) });
/** A member's published posts the caller may read (member page), newest first, 20 per page. */
export const memberPostsSchema = postListSchema;

// ---------- bulk import ----------

/** `POST /apps/{appId}/profiles`: a CSV with a header row; `,` or `;` is detected from the header. */
export const importBodySchema = z.strictObject({
  csv: requiredString().check(maxLength(memberLimits.importCsvBytes)),
  /** Tags every imported member gets (besides the file's own `tags` column). */
  tagIds: idArray.default([]),
  /** true (default): invited profiles and invitation mails; false: members right away, no mails. */
  isInvited: z.boolean().default(true),
});
export type ImportBody = z.output<typeof importBodySchema>;
export const importStartedSchema = z.object({ data: z.object({ taskId: z.uuid() }) });
export const importErrorsParamsSchema = z.object({ appId: z.uuid(), taskId: z.uuid() });

/**
 * Header names of the import (case-insensitive, spaces, dashes and underscores ignored); German aliases
 * welcome. `email` is required; unknown columns are ignored.
 */
export const importColumnAliases = {
  email: ['email', 'e-mail', 'mail', 'emailadresse', 'e-mail-adresse'],
  firstName: ['firstname', 'first name', 'vorname', 'givenname'],
  lastName: ['lastname', 'last name', 'nachname', 'surname', 'familyname', 'familienname'],
  tags: ['tags', 'tag', 'schlagworte', 'schlagwörter'],
} as const;
export type ImportColumn = keyof typeof importColumnAliases;

export const importTaskError = 'IMPORT_INVALID_ROWS';
