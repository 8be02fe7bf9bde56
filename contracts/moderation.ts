import { z } from 'zod';
import { moderationInboxTabSchema, moderationStatusSchema, postDiscriminatorSchema } from './enums.ts';
import { paginated } from './pagination.ts';
import { maxLength } from './validation/index.ts';

/*
 * Moderation (issue 16, rows MODERATION-01..07, spec §4 "Moderation item"): members report posts and comments,
 * enough reports hide them, pre-moderated posts wait before anyone else sees them, and moderators decide in the
 * inbox (tabs post and ticket, filters inbox / approved / rejected). The rules: docs/decisions/notifications.md
 * "Moderation".
 */

// ---------- settings (GET / PATCH /apps/{appId}/moderation/settings) ----------

/** Every setting is a whole number in these bounds; 0 switches the rule off. */
export const moderationSettingBounds = { min: 0, max: 1000 } as const;

const setting = () => z.number().int().min(moderationSettingBounds.min).max(moderationSettingBounds.max);

export const moderationSettingsSchema = z.object({
  /** Reports by different members after which a post or comment is hidden until a moderator decides (0: never). */
  reportsToHide: setting(),
  /** A member's first N posts in the app wait in the inbox before anyone else sees them (0: none). */
  premoderateFirstPosts: setting(),
  /** Per member and hour (0: no limit); over it the call answers 429 with `Retry-After`. */
  postsPerHour: setting(),
  commentsPerHour: setting(),
  reportsPerHour: setting(),
});
export type ModerationSettings = z.infer<typeof moderationSettingsSchema>;

export const moderationSettingsDefaults: ModerationSettings = {
  reportsToHide: 3,
  premoderateFirstPosts: 0,
  postsPerHour: 20,
  commentsPerHour: 60,
  reportsPerHour: 20,
};

/** The fields sent replace the stored ones; the others keep their values. */
export const moderationSettingsPatchSchema = z.strictObject({
  reportsToHide: setting().optional(),
  premoderateFirstPosts: setting().optional(),
  postsPerHour: setting().optional(),
  commentsPerHour: setting().optional(),
  reportsPerHour: setting().optional(),
});
export type ModerationSettingsPatch = z.output<typeof moderationSettingsPatchSchema>;

export const moderationSettingsResponseSchema = z.object({ data: moderationSettingsSchema });

// ---------- reports (POST /posts/{id}/report, /communities/posts/{id}/report, /comments/{id}/report) ----------

export const reportReasonValues = ['spam', 'abuse', 'off_topic', 'other'] as const;
export type ReportReason = (typeof reportReasonValues)[number];
export const reportReasonSchema = z.enum(reportReasonValues);

export const moderationLimits = {
  /** A reporter's note and a moderator's reason (characters). */
  note: 1000,
  reason: 1000,
  /** Items per page of the inbox and reports per page of an item (spec GAPS 33). */
  pageSize: 20,
  /** Reports shown with each inbox item (newest first); all of them through `GET /moderation/{id}/reports`. */
  latestReports: 3,
} as const;

/** One report per person and item: a second one answers 409 `ALREADY_REPORTED`. */
export const reportBodySchema = z.strictObject({
  reason: reportReasonSchema,
  note: z
    .string()
    .check(maxLength(moderationLimits.note))
    .transform((value) => value.trim())
    .optional(),
});
export type ReportBody = z.output<typeof reportBodySchema>;

// ---------- the inbox ----------

export const moderationCauseValues = ['pre_moderation', 'reports'] as const;
export type ModerationCause = (typeof moderationCauseValues)[number];

export const moderationListQuerySchema = z.object({
  tab: moderationInboxTabSchema.default('post'),
  status: moderationStatusSchema.default('inbox'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ModerationListQuery = z.output<typeof moderationListQuerySchema>;

export const moderationCountersQuerySchema = z.object({ tab: moderationInboxTabSchema.default('post') });
export type ModerationCountersQuery = z.output<typeof moderationCountersQuerySchema>;

export const moderationPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const moderationAppParamsSchema = z.object({ appId: z.uuid() });
export const moderationItemParamsSchema = z.object({ id: z.uuid() });
export const reportParamsSchema = z.object({ id: z.uuid() });

/** `DELETE /moderation/{id}/approve`: the reason the author is told (may be empty). */
export const moderationRejectBodySchema = z.strictObject({
  reason: z
    .string()
    .check(maxLength(moderationLimits.reason))
    .transform((value) => value.trim())
    .default(''),
});
export type ModerationRejectBody = z.output<typeof moderationRejectBodySchema>;

export const moderationPersonSchema = z.object({
  profileId: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type ModerationPerson = z.infer<typeof moderationPersonSchema>;

export const moderationReportSchema = z.object({
  /** Null when the reporter's profile is gone. */
  reporter: moderationPersonSchema.nullable(),
  reason: reportReasonSchema,
  note: z.string(),
  createdAt: z.iso.datetime(),
});
export type ModerationReport = z.infer<typeof moderationReportSchema>;

const containerSchema = z.object({ id: z.uuid(), slug: z.string(), name: z.string() });

/**
 * What the item is about, as the inbox shows it: a post (title and excerpt) or a comment (an excerpt of its
 * text) with the post it is on. `isDeleted`: the author deleted it meanwhile (it still waits for a decision).
 */
export const moderationEntitySchema = z.object({
  type: z.enum(['post', 'comment']),
  /** The post, or the post the comment is on: its page is `…/p/{slug}` in its space or category. */
  post: z.object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    discriminator: postDiscriminatorSchema,
  }),
  commentId: z.uuid().nullable(),
  /** The post's excerpt, or the comment's text cut the same way. */
  excerpt: z.string(),
  isDeleted: z.boolean(),
});
export type ModerationEntity = z.infer<typeof moderationEntitySchema>;

export const moderationItemSchema = z.object({
  id: z.uuid(),
  tab: moderationInboxTabSchema,
  status: moderationStatusSchema,
  /** Why it is in the inbox: held before publication, or reported by members. */
  cause: z.enum(moderationCauseValues),
  /** Hidden from everyone but its author and the moderators until a decision. */
  isHidden: z.boolean(),
  reportsCount: z.number().int().min(0),
  /** The newest reports (at most `moderationLimits.latestReports`). */
  latestReports: z.array(moderationReportSchema),
  /** The moderator's reason of a rejection (told to the author). */
  reason: z.string(),
  entity: moderationEntitySchema,
  /** Null when the author's profile is gone. */
  author: moderationPersonSchema.nullable(),
  space: containerSchema.nullable(),
  category: containerSchema.nullable(),
  decidedBy: moderationPersonSchema.nullable(),
  decidedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const moderationItemResponseSchema = z.object({ data: moderationItemSchema });
export const moderationListSchema = paginated(moderationItemSchema);
export type ModerationList = z.infer<typeof moderationListSchema>;
export const moderationReportListSchema = paginated(moderationReportSchema);
export type ModerationReportList = z.infer<typeof moderationReportListSchema>;

/** `GET /apps/{appId}/moderation/counters?tab=`: the filters' badges, counted over what the caller moderates. */
export const moderationCountersSchema = z.object({
  approvedCount: z.number().int().min(0),
  inboxCount: z.number().int().min(0),
  rejectedCount: z.number().int().min(0),
});
export type ModerationCounters = z.infer<typeof moderationCountersSchema>;
export const moderationCountersResponseSchema = z.object({ data: moderationCountersSchema });

/** The realtime `counters` event to the moderators' profile rooms: read the moderation counters again. */
export type ModerationCountersEvent = { moderation: true };
