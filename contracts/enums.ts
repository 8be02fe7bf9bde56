import { z } from 'zod';

/**
 * The closed value sets of spec §3 (GAPS.md §3, both tables), shared by the database schema, the API
 * schemas and the web. Pattern: `xxxValues` (ordered as in the spec), type `Xxx`, zod `xxxSchema`.
 *
 * Spelling: the spec writes some values with spaces; they become snake_case identifiers here
 * ('first name' → 'first_name', 'legal page' → 'legal_page', quota 'own domains' → 'ownDomains').
 * Values the spec writes in camelCase (widget types) stay camelCase, because that is how they were given.
 *
 * The cloud and the theme/page sets live in cloud-enums.ts and theme-enums.ts; they are re-exported here so
 * this stays the one module to import enums from.
 */
export * from './cloud-enums.ts';
export * from './theme-enums.ts';

export const accessPlanStatusValues = ['active', 'disable', 'draft'] as const;
export type AccessPlanStatus = (typeof accessPlanStatusValues)[number];
export const accessPlanStatusSchema = z.enum(accessPlanStatusValues);
export const defaultAccessPlanStatus: AccessPlanStatus = 'active';

export const accessPlanTypeValues = ['paid', 'private', 'free'] as const;
export type AccessPlanType = (typeof accessPlanTypeValues)[number];
export const accessPlanTypeSchema = z.enum(accessPlanTypeValues);

export const appEntityKindValues = [
  'post',
  'event',
  'space',
  'group',
  'comment',
  'user',
  'course',
  'lesson',
  'article',
  'announcement',
  'module',
  'communities_post',
  'helpdesk_article',
] as const;
export type AppEntityKind = (typeof appEntityKindValues)[number];
export const appEntityKindSchema = z.enum(appEntityKindValues);

/** Roles of a member in an app; "owner" is a separate flag on the app, not a member type. */
export const memberTypeValues = ['member', 'invited', 'moderator', 'admin'] as const;
export type MemberType = (typeof memberTypeValues)[number];
export const memberTypeSchema = z.enum(memberTypeValues);

export const eventLocationTypeValues = ['virtual', 'person', 'tbd'] as const;
export type EventLocationType = (typeof eventLocationTypeValues)[number];
export const eventLocationTypeSchema = z.enum(eventLocationTypeValues);

export const eventFrequencyValues = ['daily', 'weekly', 'monthly', 'annual'] as const;
export type EventFrequency = (typeof eventFrequencyValues)[number];
export const eventFrequencySchema = z.enum(eventFrequencyValues);

export const eventDayTypeValues = ['everyday', 'workday', 'weekend'] as const;
export type EventDayType = (typeof eventDayTypeValues)[number];
export const eventDayTypeSchema = z.enum(eventDayTypeValues);

export const eventListFilterValues = ['upcoming', 'past', 'self', 'days', 'calendar'] as const;
export type EventListFilter = (typeof eventListFilterValues)[number];
export const eventListFilterSchema = z.enum(eventListFilterValues);

export const courseTypeValues = ['challenge', 'course', 'downloads', 'series', 'podcast'] as const;
export type CourseType = (typeof courseTypeValues)[number];
export const courseTypeSchema = z.enum(courseTypeValues);

export const lessonTypeValues = ['audio', 'video', 'picture'] as const;
export type LessonType = (typeof lessonTypeValues)[number];
export const lessonTypeSchema = z.enum(lessonTypeValues);

export const lessonTabValues = [
  'info',
  'downloads',
  'links',
  'comments',
  'notes',
  'todos',
  'playlist',
] as const;
export type LessonTab = (typeof lessonTabValues)[number];
export const lessonTabSchema = z.enum(lessonTabValues);

export const lessonActionValues = ['locked', 'buy', 'continue', 'completed', 'denied'] as const;
export type LessonAction = (typeof lessonActionValues)[number];
export const lessonActionSchema = z.enum(lessonActionValues);

export const courseActionValues = ['buy', 'start', 'continue', 'completed'] as const;
export type CourseAction = (typeof courseActionValues)[number];
export const courseActionSchema = z.enum(courseActionValues);

/** The spec gives lock screen types and router actions as one list: the router answers with one of these. */
export const routerActionValues = [
  'custom_lockscreen',
  'default_lockscreen',
  'forward_lockscreen',
  'login',
  'registration',
  'redirect',
  'denied',
  'access_limit_by_time',
  'drip_content',
  'not_completed_previous_lessons',
] as const;
export type RouterAction = (typeof routerActionValues)[number];
export const routerActionSchema = z.enum(routerActionValues);

/** The subset of router actions that name a lock screen. */
export const lockScreenTypeValues = [
  'custom_lockscreen',
  'default_lockscreen',
  'forward_lockscreen',
] as const;
export type LockScreenType = (typeof lockScreenTypeValues)[number];
export const lockScreenTypeSchema = z.enum(lockScreenTypeValues);

export const paywallAccessTypeValues = ['free', 'auth', 'lockscreen', 'promo', 'points'] as const;
export type PaywallAccessType = (typeof paywallAccessTypeValues)[number];
export const paywallAccessTypeSchema = z.enum(paywallAccessTypeValues);

/** Where a permission or paywall is set; the most specific level wins (item > service > app, GAPS 24). */
export const paywallLevels = { app: 1, service: 2, item: 3 } as const;
export type PaywallLevelName = keyof typeof paywallLevels;
export type PaywallLevel = (typeof paywallLevels)[PaywallLevelName];

export const spaceAccessValues = ['open', 'private', 'secret'] as const;
export type SpaceAccess = (typeof spaceAccessValues)[number];
export const spaceAccessSchema = z.enum(spaceAccessValues);

export const spaceNotificationValues = ['all_new', 'all_pinned', 'never'] as const;
export type SpaceNotification = (typeof spaceNotificationValues)[number];
export const spaceNotificationSchema = z.enum(spaceNotificationValues);

export const moderationStatusValues = ['inbox', 'approved', 'rejected'] as const;
export type ModerationStatus = (typeof moderationStatusValues)[number];
export const moderationStatusSchema = z.enum(moderationStatusValues);

export const domainStatusValues = ['parked', 'validation_failed', 'proceeding'] as const;
export type DomainStatus = (typeof domainStatusValues)[number];
export const domainStatusSchema = z.enum(domainStatusValues);

export const taskStatusValues = ['running', 'completed', 'failed', 'killed'] as const;
export type TaskStatus = (typeof taskStatusValues)[number];
export const taskStatusSchema = z.enum(taskStatusValues);

export const taskTypeValues = [
  'import',
  'event',
  'space_import',
  'group_import',
  'members_update',
  'duplicate_entity',
] as const;
export type TaskType = (typeof taskTypeValues)[number];
export const taskTypeSchema = z.enum(taskTypeValues);

export const teamMemberStatusValues = ['active', 'inactive', 'pending'] as const;
export type TeamMemberStatus = (typeof teamMemberStatusValues)[number];
export const teamMemberStatusSchema = z.enum(teamMemberStatusValues);

export const ticketStatusValues = ['completed', 'new', 'on_pause', 'work'] as const;
export type TicketStatus = (typeof ticketStatusValues)[number];
export const ticketStatusSchema = z.enum(ticketStatusValues);

export const articleStatusValues = ['draft', 'active'] as const;
export type ArticleStatus = (typeof articleStatusValues)[number];
export const articleStatusSchema = z.enum(articleStatusValues);
export const defaultArticleStatus: ArticleStatus = 'active';

export const defaultMemberTagValues = ['blocked', 'punished'] as const;
export type DefaultMemberTag = (typeof defaultMemberTagValues)[number];
export const defaultMemberTagSchema = z.enum(defaultMemberTagValues);

/** 'first name' in the spec. */
export const sortTypeValues = ['latest', 'oldest', 'name', 'trends', 'first_name'] as const;
export type SortType = (typeof sortTypeValues)[number];
export const sortTypeSchema = z.enum(sortTypeValues);

export const leaderboardPeriodValues = ['weekly', 'monthly', 'all'] as const;
export type LeaderboardPeriod = (typeof leaderboardPeriodValues)[number];
export const leaderboardPeriodSchema = z.enum(leaderboardPeriodValues);

export const integrationTypeValues = [
  'copecart',
  'ds24',
  'elopage',
  'hubspot',
  'klicktipp',
  'quentn',
  'smtp',
  'stripe',
  'thrivecart',
  'zapier',
  'activecampaign',
] as const;
export type IntegrationType = (typeof integrationTypeValues)[number];
export const integrationTypeSchema = z.enum(integrationTypeValues);

/** Payment providers are the integrations that sell plans. */
export const paymentProviderValues = ['ds24', 'elopage', 'copecart', 'thrivecart', 'stripe'] as const;
export type PaymentProvider = (typeof paymentProviderValues)[number];
export const paymentProviderSchema = z.enum(paymentProviderValues);

export const currencyValues = ['EUR', 'USD'] as const;
export type Currency = (typeof currencyValues)[number];
export const currencySchema = z.enum(currencyValues);

export const legalPageValues = ['imprint', 'privacy', 'terms', 'gtc'] as const;
export type LegalPage = (typeof legalPageValues)[number];
export const legalPageSchema = z.enum(legalPageValues);

/**
 * Open sets (GAPS 40): the spec lists only some values ("include", "flagged variants"), the server owns the
 * full list, so the schemas accept any string and clients show unknown values untranslated.
 */
export const knownPointActionTypeValues = [
  'post_created',
  'comment_created',
  'course_finished',
  'admin_top_up',
  'message_sent_fee',
] as const;
export type PointActionType = (typeof knownPointActionTypeValues)[number] | (string & {});
export const pointActionTypeSchema = z.string().min(1);

export const knownNotificationActionValues = [
  'new_post',
  'post_like',
  'new_comment',
  'mentions',
  'event_starts',
  /** Chat messages that arrived while the member was away (not in the spec's list; docs/decisions/chat.md). */
  'new_message',
] as const;
export type NotificationAction = (typeof knownNotificationActionValues)[number] | (string & {});
export const notificationActionSchema = z.string().min(1);

/** 'own domains' in the spec. */
export const quotaNameValues = ['ownDomains', 'teams', 'apps', 'members'] as const;
export type QuotaName = (typeof quotaNameValues)[number];
export const quotaNameSchema = z.enum(quotaNameValues);

/** A post belongs to a group space or to a communities category. */
export const postDiscriminatorValues = ['groups', 'communities'] as const;
export type PostDiscriminator = (typeof postDiscriminatorValues)[number];
export const postDiscriminatorSchema = z.enum(postDiscriminatorValues);

export const customFieldValidationRuleValues = ['length', 'required'] as const;
export type CustomFieldValidationRule = (typeof customFieldValidationRuleValues)[number];
export const customFieldValidationRuleSchema = z.enum(customFieldValidationRuleValues);

export const moderationInboxTabValues = ['post', 'ticket'] as const;
export type ModerationInboxTab = (typeof moderationInboxTabValues)[number];
export const moderationInboxTabSchema = z.enum(moderationInboxTabValues);
