import { z } from 'zod';
import { paginated } from './pagination.ts';

/*
 * Notifications (issue 16, rows NOTIFICATIONS-ONBOARDING-01..04): the in-app list of a member of an app, its
 * counters (the bell's badge) and marking read. Repeated events on one thing collapse into one item with a
 * count and the latest actors ("Anna und 4 weitere gefällt Ihr Beitrag"). The rules:
 * docs/decisions/notifications.md.
 */

/**
 * What happened. `action` (the profile setting an item obeys, spec §3 notification actions) per type:
 * new_post → new_post; post_like and comment_like → post_like; new_comment and comment_reply → new_comment;
 * mention → mentions; post_approved and post_rejected (moderation results) always notify in the app.
 * chat_message (new messages in a chat the person has not read, collapsed per chat: `data` carries `chatId`,
 * `chatName`, `chatKind`, `excerpt` and `lastSeq`, `count` is the number of messages) obeys `new_message`, an
 * action of ours: the spec names none for messages (docs/decisions/chat.md). chat_mention (a
 * message that mentions the person: `data` carries `chatId`, `chatName`, `chatKind` and `excerpt`) obeys
 * mentions. article_announced (the team published an article marked as an announcement: `data` carries `title`,
 * `articleId`, `articleSlug` and `categorySlug`, the page is `/{appSlug}/articles/{categorySlug}/{articleSlug}`)
 * obeys new_post: it is new content, like a new post (docs/decisions/articles.md). event_starts (a reminder before
 * an occurrence the member joined, or its start: `data` carries `title`, `eventId`, `eventSlug`, `occurrence` and
 * `offsetSeconds`, 0 at the start; the page is `/{appSlug}/events/{eventSlug}/view?occurrence=…`) obeys
 * event_starts; event_seat_granted (the waitlist moved the member up; the same `data` without the offset) always
 * notifies (docs/decisions/events.md "Attendance").
 */
export const notificationTypeValues = [
  'new_post',
  'post_like',
  'comment_like',
  'new_comment',
  'comment_reply',
  'mention',
  'post_approved',
  'post_rejected',
  'comment_rejected',
  'comment_approved',
  'chat_message',
  'chat_mention',
  'article_announced',
  'event_starts',
  'event_seat_granted',
  'lesson_unlocked',
  'course_access_ending',
  // issue 21: a member reached a level (gamification-jobs.ts).
  'level_reached',
] as const;
export type NotificationType = (typeof notificationTypeValues)[number];

/** The profile setting (contracts/enums.ts knownNotificationActionValues) each type obeys; null: always. */
export const notificationActionOfType: Record<NotificationType, string | null> = {
  new_post: 'new_post',
  post_like: 'post_like',
  comment_like: 'post_like',
  new_comment: 'new_comment',
  comment_reply: 'new_comment',
  mention: 'mentions',
  post_approved: null,
  post_rejected: null,
  comment_rejected: null,
  comment_approved: null,
  chat_message: 'new_message',
  chat_mention: 'mentions',
  article_announced: 'new_post',
  event_starts: 'event_starts',
  event_seat_granted: null,
  lesson_unlocked: null,
  course_access_ending: null,
  level_reached: null,
};

export const notificationLimits = {
  /** Items per page (spec GAPS 33). */
  pageSize: 20,
  /** Actors kept per item (the list shows the latest few and counts the rest). */
  actorsKept: 20,
  /** Events on the same thing collapse into one unread item while it is younger than this. */
  collapseWindowHours: 24,
  /** A notification's mail waits this long and is skipped when the item was read meanwhile. */
  emailHoldMinutes: 10,
  /** Notification mails (items and digests) per person and day. */
  mailsPerDay: 100,
} as const;

export const notificationActorSchema = z.object({
  profileId: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type NotificationActor = z.infer<typeof notificationActorSchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  /** Unknown types (a newer server) are shown with a neutral text by the client (spec GAPS 40). */
  type: z.string(),
  isRead: z.boolean(),
  /** How many events this item collapses, and how many different people caused them. */
  count: z.number().int().min(1),
  actorsCount: z.number().int().min(0),
  /** The latest actors, newest first (at most three). */
  actors: z.array(notificationActorSchema),
  /** The post the item opens (null when it is gone or no longer visible), and the comment in it. */
  post: z
    .object({
      id: z.uuid(),
      slug: z.string(),
      name: z.string(),
      container: z.enum(['groups', 'communities']),
      /**
       * The post's space (groups): its page is `/{appSlug}/groups/g/{spaceSlug}/p/{slug}`; a communities post's
       * is `/{appSlug}/communities/p/{slug}`.
       */
      spaceSlug: z.string().nullable(),
    })
    .nullable(),
  commentId: z.uuid().nullable(),
  /** Texts fixed at the time: the moderator's reason of a rejection, the post's title when it was rejected. */
  data: z.record(z.string(), z.string()),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = paginated(notificationSchema);
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** Only unread items. */
  unread: z.enum(['true', 'false']).optional(),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

/** `GET /apps/{appId}/notifications/counters`: the badge. */
export const notificationCountersSchema = z.object({ notifications: z.number().int().min(0) });
export type NotificationCounters = z.infer<typeof notificationCountersSchema>;

/** The realtime `counters` event to `profile:{id}` carries the new badge. */
export type NotificationCountersEvent = { notifications: number };

/** How often a member receives a digest of what they missed by mail. */
export const emailDigestValues = ['off', 'daily', 'weekly'] as const;
export type EmailDigest = (typeof emailDigestValues)[number];
export const emailDigestSchema = z.enum(emailDigestValues);

/** `GET /unsubscribe/{hash}`: what the link switches off, shown before and after the one click. */
export const unsubscribeInfoSchema = z.object({
  appName: z.string(),
  email: z.string(),
  /** `email`: every notification mail of this app; `digest`: the digest only. */
  scope: z.enum(['email', 'digest']),
  isUnsubscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;
