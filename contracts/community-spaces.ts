import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { spaceAccessSchema, spaceNotificationSchema } from './enums.ts';
import { paginated, paginationMetaSchema } from './pagination.ts';
import { richTextMaxLength } from './rich-text.ts';
import { postLayoutSchema } from './theme-enums.ts';
import {
  isEmailLink,
  isWebLink,
  keyedCheck,
  maxLength,
  requiredString,
  validationKeys,
} from './validation/index.ts';
import { requiredLevelSchema, requiredStatusIdSchema } from './level-gates.ts';

/*
 * The community's containers (issue 15, spec §3 "Space", "Group", "Community category", §7 "Groups and
 * spaces", "Communities", the groups and spaces dropdowns): groups and their spaces, the members of a space,
 * communities categories, the community's links. Posts live in community-posts.ts.
 */

export const communityLimits = {
  name: 100,
  slug: 100,
  description: 2000,
  /** Moderators named in one form. */
  moderators: 50,
  /** Profiles a moderator adds to a space at once. */
  addProfiles: 100,
  linkName: 100,
  href: 2000,
  icon: 100,
  search: 100,
} as const;

/** Page sizes: spec §9 (dropdowns 15, community categories 100), GAPS 33 (20 otherwise). */
export const communityPageSizes = {
  dropdown: 15,
  categories: 100,
  members: 20,
  profiles: 20,
  memberSpaces: 20,
} as const;

// ---------- shared pieces ----------

/** A picture of the app's project's cloud library: its id and a signed address of the large preview. */
export const communityPictureSchema = z.object({ id: z.uuid(), url: z.string().nullable() });
export type CommunityPicture = z.infer<typeof communityPictureSchema>;

/** A member as the community names them (moderators, member lists). */
export const communityProfileSummarySchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  avatarUrl: z.string().nullable(),
});
export type CommunityProfileSummary = z.infer<typeof communityProfileSummarySchema>;

/** Groups, spaces and categories are addressed by slug: Latin lower-case letters, digits and single dashes. */
export const communitySlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: validationKeys.allowedSymbolsSlug })
  .check(maxLength(communityLimits.slug));

const name = requiredString()
  .check(maxLength(communityLimits.name))
  .transform((value) => value.trim());
const description = z.string().check(maxLength(communityLimits.description));
const pictureId = z.uuid({ message: validationKeys.invalidValue }).nullable();
const profileIds = z
  .array(z.uuid({ message: validationKeys.invalidValue }))
  .check(maxLength(communityLimits.moderators));

/** `PATCH …/move`: place the item right after `prevId`; null = first. */
export const communityMoveBodySchema = z.strictObject({ prevId: z.uuid().nullable() });
export type CommunityMoveBody = z.output<typeof communityMoveBodySchema>;

export const communityIdParamsSchema = z.object({ id: z.uuid() });
export const communityAppParamsSchema = z.object({ appId: z.uuid() });
export const communityMemberParamsSchema = z.object({ id: z.uuid(), memberId: z.uuid() });

// ---------- spaces ----------

export const spaceTabValues = ['posts', 'members', 'rules'] as const;
export type SpaceTab = (typeof spaceTabValues)[number];
export const spaceTabSchema = z.enum(spaceTabValues);

/** The post sorts a space may open with (the sorts of its post list). */
export const spaceSortValues = ['latest', 'oldest', 'trends', 'name'] as const;
export type SpaceSort = (typeof spaceSortValues)[number];
export const spaceSortSchema = z.enum(spaceSortValues);

export const spaceMemberRoleValues = ['member', 'moderator'] as const;
export type SpaceMemberRole = (typeof spaceMemberRoleValues)[number];
/** `requested`: a join request of a private space waiting for a moderator. */
export const spaceMemberStatusValues = ['active', 'requested'] as const;
export type SpaceMemberStatus = (typeof spaceMemberStatusValues)[number];
export const spaceMemberStatusSchema = z.enum(spaceMemberStatusValues);

export const spacePermissionsSchema = z.object({ can: z.array(z.enum(abilitiesBySubject.space)) });

/** The caller's membership of a space, or null. */
export const spaceMembershipSchema = z.object({
  status: spaceMemberStatusSchema,
  notify: spaceNotificationSchema,
});
export type SpaceMembership = z.infer<typeof spaceMembershipSchema>;

export const spaceSchema = z.object({
  id: z.uuid(),
  type: z.literal('posts'),
  groupId: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  access: spaceAccessSchema,
  preModeration: z.boolean(),
  /** Sanitized rich text (contracts/rich-text.ts allow-list). */
  rules: z.string(),
  cover: communityPictureSchema.nullable(),
  mobileCover: communityPictureSchema.nullable(),
  defaultSort: spaceSortSchema,
  defaultTab: spaceTabSchema,
  displayView: postLayoutSchema,
  visibleTabs: z.array(spaceTabSchema),
  /** Moderators of the space itself (group moderators are the group's). */
  moderatorProfiles: z.array(communityProfileSummarySchema),
  membersCount: z.number().int().min(0),
  postsCount: z.number().int().min(0),
  position: z.number(),
  membership: spaceMembershipSchema.nullable(),
  permissions: spacePermissionsSchema,
  /** The level the space asks for (issue 21): below it its posts stay closed and joining is refused. */
  requiredLevel: requiredLevelSchema.nullable(),
  /** The level's id as the space form edits it; null: none. */
  requiredStatusId: z.uuid().nullable(),
});
export type Space = z.infer<typeof spaceSchema>;
export const spaceResponseSchema = z.object({ data: spaceSchema });
/** Every space of the app the caller sees listed (apps hold tens of them: one page). */
export const spaceListSchema = paginated(spaceSchema);
export type SpaceList = z.infer<typeof spaceListSchema>;
export const spaceListQuerySchema = z.object({ groupId: z.uuid().optional() });
export const spaceSlugParamsSchema = z.object({ appId: z.uuid(), spaceSlug: z.string().min(1).max(200) });

const spaceFields = {
  slug: communitySlugSchema,
  description,
  access: spaceAccessSchema,
  preModeration: z.boolean(),
  /** Rich text; the server keeps only the allow-list (server/platform/rich-text.ts). */
  rules: z.string().check(maxLength(richTextMaxLength)),
  coverId: pictureId,
  mobileCoverId: pictureId,
  defaultSort: spaceSortSchema,
  defaultTab: spaceTabSchema,
  displayView: postLayoutSchema,
  /** Non-empty, each tab once; must hold `defaultTab`. */
  visibleTabs: z.array(spaceTabSchema).min(1, { message: validationKeys.required }),
  moderatorProfileIds: profileIds,
};

/**
 * `POST /groups/{groupId}/spaces` (the space form of spec §3). A missing slug is made from the name (and
 * numbered when taken); the covers must be pictures of the app's project's library; moderators live
 * profiles of the app.
 */
export const spaceCreateBodySchema = z.strictObject({
  name,
  slug: spaceFields.slug.optional(),
  description: description.default(''),
  access: spaceAccessSchema.default('open'),
  preModeration: z.boolean().default(false),
  rules: spaceFields.rules.default(''),
  coverId: pictureId.default(null),
  mobileCoverId: pictureId.default(null),
  defaultSort: spaceSortSchema.default('latest'),
  defaultTab: spaceTabSchema.default('posts'),
  displayView: postLayoutSchema.default('feed'),
  visibleTabs: spaceFields.visibleTabs.default([...spaceTabValues]),
  moderatorProfileIds: profileIds.default([]),
  requiredStatusId: requiredStatusIdSchema.default(null),
});
export type SpaceCreateBody = z.output<typeof spaceCreateBodySchema>;

/** `PATCH /spaces/{id}`: only what is sent changes; `moderatorProfileIds` replaces the space's moderators. */
export const spacePatchBodySchema = z.strictObject({
  name: name.optional(),
  slug: spaceFields.slug.optional(),
  description: spaceFields.description.optional(),
  access: spaceFields.access.optional(),
  preModeration: spaceFields.preModeration.optional(),
  rules: spaceFields.rules.optional(),
  coverId: spaceFields.coverId.optional(),
  mobileCoverId: spaceFields.mobileCoverId.optional(),
  defaultSort: spaceFields.defaultSort.optional(),
  defaultTab: spaceFields.defaultTab.optional(),
  displayView: spaceFields.displayView.optional(),
  visibleTabs: spaceFields.visibleTabs.optional(),
  moderatorProfileIds: spaceFields.moderatorProfileIds.optional(),
  requiredStatusId: requiredStatusIdSchema.optional(),
});
export type SpacePatchBody = z.output<typeof spacePatchBodySchema>;

/** `POST /spaces/{id}/profiles` (inferred): a moderator adds members or approves their join requests. */
export const spaceAddProfilesBodySchema = z.strictObject({
  profileIds: z
    .array(z.uuid({ message: validationKeys.invalidValue }))
    .min(1, { message: validationKeys.required })
    .check(maxLength(communityLimits.addProfiles)),
});
export type SpaceAddProfilesBody = z.output<typeof spaceAddProfilesBodySchema>;

/** `PATCH /spaces/{id}/notifications` (inferred): the member's choice of space notifications. */
export const spaceNotificationsBodySchema = z.strictObject({ notify: spaceNotificationSchema });

/** A member of a space (or of a group: a member of one of its spaces the caller reads). */
export const spaceMemberSchema = communityProfileSummarySchema.extend({
  role: z.enum(spaceMemberRoleValues),
  status: spaceMemberStatusSchema,
  joinedAt: z.iso.datetime(),
});
export type SpaceMember = z.infer<typeof spaceMemberSchema>;
export const spaceMemberListSchema = paginated(spaceMemberSchema);
export type SpaceMemberList = z.infer<typeof spaceMemberListSchema>;
/** `status=requested` lists the join requests (moderators only); `search` matches first and last names. */
export const spaceMemberListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  status: spaceMemberStatusSchema.default('active'),
  search: z.string().trim().max(communityLimits.search).optional(),
});
export type SpaceMemberListQuery = z.output<typeof spaceMemberListQuerySchema>;
export const groupMemberListQuerySchema = spaceMemberListQuerySchema.omit({ status: true });

/** A space of a member's page (`GET /profiles/{id}/spaces`): the spaces of theirs the caller may see. */
export const memberSpaceSchema = z.object({
  id: z.uuid(),
  groupId: z.uuid(),
  name: z.string(),
  slug: z.string(),
  access: spaceAccessSchema,
  cover: communityPictureSchema.nullable(),
  membersCount: z.number().int().min(0),
  role: z.enum(spaceMemberRoleValues),
});
export type MemberSpace = z.infer<typeof memberSpaceSchema>;
export const memberSpaceListSchema = paginated(memberSpaceSchema);
export const memberSpaceListQuerySchema = z.object({ page: z.coerce.number().int().min(1).default(1) });

// ---------- groups ----------

export const groupPermissionsSchema = z.object({ can: z.array(z.enum(abilitiesBySubject.group)) });

export const groupSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  cover: communityPictureSchema.nullable(),
  position: z.number(),
  /** The group's spaces the caller sees listed, in order. */
  spaces: z.array(spaceSchema),
  moderators: z.array(communityProfileSummarySchema),
  permissions: groupPermissionsSchema,
});
export type Group = z.infer<typeof groupSchema>;
export const groupResponseSchema = z.object({ data: groupSchema });
export const groupListSchema = paginated(groupSchema);
export type GroupList = z.infer<typeof groupListSchema>;
export const groupSlugParamsSchema = z.object({ appId: z.uuid(), groupSlug: z.string().min(1).max(200) });
export const groupMoveParamsSchema = z.object({ appId: z.uuid(), groupId: z.uuid() });
export const groupSpacesParamsSchema = z.object({ groupId: z.uuid() });

/** `POST /apps/{appId}/community/groups`; a missing slug is made from the name. */
export const groupCreateBodySchema = z.strictObject({
  name,
  slug: communitySlugSchema.optional(),
  description: description.default(''),
  coverId: pictureId.default(null),
  moderatorProfileIds: profileIds.default([]),
});
export type GroupCreateBody = z.output<typeof groupCreateBodySchema>;

/** `PATCH /groups/{id}`: only what is sent changes; `moderatorProfileIds` replaces the group's moderators. */
export const groupPatchBodySchema = z.strictObject({
  name: name.optional(),
  slug: communitySlugSchema.optional(),
  description: description.optional(),
  coverId: pictureId.optional(),
  moderatorProfileIds: profileIds.optional(),
});
export type GroupPatchBody = z.output<typeof groupPatchBodySchema>;

// ---------- dropdowns (APP-SERVICES-02, 03) ----------

/** `{page, ids, limit 15}`; `ids` (comma-separated or repeated) picks the named items (a form's chosen values). */
export const communityDropdownQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(communityPageSizes.dropdown).default(communityPageSizes.dropdown),
  ids: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : value.split(',')).filter(Boolean))
    .pipe(z.array(z.uuid({ message: validationKeys.invalidValue })).max(100))
    .optional(),
  search: z.string().trim().max(communityLimits.search).optional(),
});
export type CommunityDropdownQuery = z.output<typeof communityDropdownQuerySchema>;

export const groupDropdownItemSchema = z.object({ id: z.uuid(), name: z.string(), slug: z.string() });
export const groupDropdownSchema = z.object({
  data: z.array(groupDropdownItemSchema),
  meta: paginationMetaSchema,
});
export const spaceDropdownItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  groupId: z.uuid(),
  access: spaceAccessSchema,
});
export const spaceDropdownSchema = z.object({
  data: z.array(spaceDropdownItemSchema),
  meta: paginationMetaSchema,
});

// ---------- communities categories ----------

export const categoryPermissionsSchema = z.object({ can: z.array(z.enum(abilitiesBySubject.category)) });

export const categorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  position: z.number(),
  postsCount: z.number().int().min(0),
  permissions: categoryPermissionsSchema,
});
export type Category = z.infer<typeof categorySchema>;
export const categoryResponseSchema = z.object({ data: categorySchema });
export const categoryListSchema = paginated(categorySchema);
export type CategoryList = z.infer<typeof categoryListSchema>;
export const categoryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(communityPageSizes.categories)
    .default(communityPageSizes.categories),
});
export const categorySlugParamsSchema = z.object({
  appId: z.uuid(),
  categorySlug: z.string().min(1).max(200),
});

/** `POST /apps/{appId}/communities/categories`: the slug is generated from the name when absent (spec §5). */
export const categoryCreateBodySchema = z.strictObject({
  name,
  slug: communitySlugSchema.optional(),
});
export type CategoryCreateBody = z.output<typeof categoryCreateBodySchema>;
export const categoryPatchBodySchema = z.strictObject({
  name: name.optional(),
  slug: communitySlugSchema.optional(),
});
export type CategoryPatchBody = z.output<typeof categoryPatchBodySchema>;

/** Members of the app who wrote in the communities (`GET /apps/{appId}/communities/profiles`), most posts first. */
export const communityProfileSchema = communityProfileSummarySchema.extend({
  postsCount: z.number().int().min(1),
});
export type CommunityProfile = z.infer<typeof communityProfileSchema>;
export const communityProfileListSchema = paginated(communityProfileSchema);
export const communityProfileListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
});

// ---------- links ----------

/** A link of the community's navigation: a web address (http, https) or an e-mail link (mailto). */
export function isCommunityHref(value: string): boolean {
  return isWebLink(value) || isEmailLink(value);
}

const href = requiredString()
  .transform((value) => value.trim())
  .check(maxLength(communityLimits.href), keyedCheck(isCommunityHref, validationKeys.href));

export const linkPermissionsSchema = z.object({ can: z.array(z.enum(abilitiesBySubject.link)) });
export const linkSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  href: z.string(),
  icon: z.string(),
  isNewTab: z.boolean(),
  position: z.number(),
  permissions: linkPermissionsSchema,
});
export type CommunityLink = z.infer<typeof linkSchema>;
export const linkResponseSchema = z.object({ data: linkSchema });
export const linkListSchema = paginated(linkSchema);

/** `POST /apps/{appId}/community/links`; `icon` names an icon of the web's icon set ('' = none). */
export const linkCreateBodySchema = z.strictObject({
  name: requiredString()
    .check(maxLength(communityLimits.linkName))
    .transform((value) => value.trim()),
  href,
  icon: z.string().trim().check(maxLength(communityLimits.icon)).default(''),
  isNewTab: z.boolean().default(true),
});
export type LinkCreateBody = z.output<typeof linkCreateBodySchema>;
export const linkPatchBodySchema = z.strictObject({
  name: requiredString()
    .check(maxLength(communityLimits.linkName))
    .transform((value) => value.trim())
    .optional(),
  href: href.optional(),
  icon: z.string().trim().check(maxLength(communityLimits.icon)).optional(),
  isNewTab: z.boolean().optional(),
});
export type LinkPatchBody = z.output<typeof linkPatchBodySchema>;
