import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { courseAccessValues, lessonCompletionValues } from '../../../contracts/courses.ts';
import { courseTypeValues, lessonTypeValues } from '../../../contracts/enums.ts';
import { cloudFiles } from './cloud.ts';
import { at, timestamps } from './columns.ts';
import { gamificationStatuses } from './gamification.ts';
import { apps, profiles } from './workspace.ts';

/*
 * Courses (issue 19, docs/decisions/courses.md). A course holds ordered modules, a module ordered lessons;
 * categories order courses (a course sits in several). Per member: an enrollment (when access began, the
 * completed-lessons counter, so "continue" is one read), each lesson's progress (player position, watched
 * seconds, completion), notes, to-do ticks, favourites and playlists. Positions are renumbered 1, 2, 3 … on
 * every move, as the event categories' are.
 */

export type LessonVideoRef = { fileId: string } | { url: string; host: string; id: string };
export type LessonLink = { title: string; url: string };
export type LessonTodo = { id: string; text: string };

export const courseCategories = pgTable(
  'course_categories',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    name: text('name').notNull(),
    position: doublePrecision('position').notNull(),
    ...timestamps,
  },
  (table) => [index('course_categories_app_idx').on(table.appId, table.position)],
);

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    type: text('type', { enum: courseTypeValues }).notNull(),
    name: text('name').notNull(),
    /** Unique per app among live courses (the course page's address). */
    slug: text('slug').notNull(),
    note: text('note').notNull().default(''),
    modulesName: text('modules_name').notNull().default(''),
    coverId: uuid('cover_id').references(() => cloudFiles.id, { onDelete: 'set null' }),
    authorProfileId: uuid('author_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    isPublished: boolean('is_published').notNull().default(false),
    isShowedOnlyByDirectLink: boolean('is_showed_only_by_direct_link').notNull().default(false),
    isMadeModulesObligatory: boolean('is_made_modules_obligatory').notNull().default(false),
    isSpeakersShown: boolean('is_speakers_shown').notNull().default(true),
    isMembersNotified: boolean('is_members_notified').notNull().default(false),
    limitAccessByTime: integer('limit_access_by_time'),
    dripContent: boolean('drip_content').notNull().default(false),
    access: text('access', { enum: courseAccessValues }).notNull().default('auth'),
    /** Level-gated (issue 21): only members at this level or above open its lessons. */
    requiredStatusId: uuid('required_status_id').references(() => gamificationStatuses.id, {
      onDelete: 'set null',
    }),
    /** Stored counters: active lessons and modules. */
    lessonsCount: integer('lessons_count').notNull().default(0),
    modulesCount: integer('modules_count').notNull().default(0),
    /** The catalogue's order (newest first unless a category orders them). */
    position: doublePrecision('position').notNull().default(0),
    publishedAt: at('published_at'),
    deletedAt: at('deleted_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('courses_slug_idx')
      .on(table.appId, table.slug)
      .where(sql`${table.deletedAt} is null`),
    index('courses_app_idx')
      .on(table.appId, table.createdAt)
      .where(sql`${table.deletedAt} is null`),
    check('courses_counts_check', sql`${table.lessonsCount} >= 0 and ${table.modulesCount} >= 0`),
  ],
);

export const courseCategoryCourses = pgTable(
  'course_category_courses',
  {
    categoryId: uuid('category_id')
      .notNull()
      .references(() => courseCategories.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: doublePrecision('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.categoryId, table.courseId] }),
    index('course_category_courses_course_idx').on(table.courseId),
  ],
);

export const courseSpeakers = pgTable(
  'course_speakers',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.profileId] })],
);

export const courseModules = pgTable(
  'course_modules',
  {
    id: uuid('id').primaryKey(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    coverId: uuid('cover_id').references(() => cloudFiles.id, { onDelete: 'set null' }),
    position: doublePrecision('position').notNull(),
    dripDays: integer('drip_days'),
    /** A local date `YYYY-MM-DD`. */
    dripDate: text('drip_date'),
    /** Active lessons. */
    lessonsCount: integer('lessons_count').notNull().default(0),
    ...timestamps,
  },
  (table) => [index('course_modules_course_idx').on(table.courseId, table.position)],
);

export const courseLessons = pgTable(
  'course_lessons',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    /** Unique per app (the lesson page's address). */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    coverType: text('cover_type', { enum: lessonTypeValues }).notNull().default('video'),
    isActive: boolean('is_active').notNull().default(true),
    position: doublePrecision('position').notNull(),
    dripDays: integer('drip_days'),
    dripDate: text('drip_date'),
    completion: text('completion', { enum: lessonCompletionValues }).notNull().default('manual'),
    /** Sanitized rich text (the community's allow-list). */
    bodyHtml: text('body_html').notNull().default(''),
    speakersNote: text('speakers_note').notNull().default(''),
    videos: jsonb('videos').$type<LessonVideoRef[]>().notNull().default([]),
    pictureIds: uuid('picture_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    audioIds: uuid('audio_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    attachmentIds: uuid('attachment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    speakerIds: uuid('speaker_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    links: jsonb('links').$type<LessonLink[]>().notNull().default([]),
    todoList: jsonb('todo_list').$type<LessonTodo[]>().notNull().default([]),
    /** The first library video's length, copied when known (the course page shows it). */
    durationSeconds: doublePrecision('duration_seconds'),
    commentsCount: integer('comments_count').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('course_lessons_slug_idx').on(table.appId, table.slug),
    index('course_lessons_module_idx').on(table.moduleId, table.position),
    index('course_lessons_course_idx').on(table.courseId),
  ],
);

/** A member's standing in a course: since when they have access, and how far they are. */
export const courseEnrollments = pgTable(
  'course_enrollments',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** When access began: drip days and the time limit count from here. */
    accessBeganAt: at('access_began_at').notNull().defaultNow(),
    /** The member's IANA zone when they started: drip opens at local midnight there. */
    timeZone: text('time_zone').notNull(),
    /** Completed active lessons: a stored counter so the course's progress is one read. */
    completedLessons: integer('completed_lessons').notNull().default(0),
    completedAt: at('completed_at'),
    lastLessonId: uuid('last_lesson_id').references(() => courseLessons.id, { onDelete: 'set null' }),
    /** Reminders sent: drip unlocks up to this instant, and the time limit's end. */
    notifiedUntil: at('notified_until'),
    endReminderSentAt: at('end_reminder_sent_at'),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.courseId, table.profileId] }),
    index('course_enrollments_profile_idx').on(table.profileId),
    check('course_enrollments_count_check', sql`${table.completedLessons} >= 0`),
  ],
);

/** One member in one lesson: the player's position, what was watched, whether it is done. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    positionSeconds: doublePrecision('position_seconds').notNull().default(0),
    durationSeconds: doublePrecision('duration_seconds'),
    /** Seconds actually played (grows by at most the wall time between two saves: seeking does not count). */
    watchedSeconds: doublePrecision('watched_seconds').notNull().default(0),
    completedAt: at('completed_at'),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.lessonId, table.profileId] }),
    // Recent lessons: the member's latest, and a course's progress of one member.
    index('lesson_progress_recent_idx').on(table.profileId, table.updatedAt),
    index('lesson_progress_course_idx').on(table.courseId, table.profileId),
  ],
);

export const lessonNotes = pgTable(
  'lesson_notes',
  {
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.lessonId, table.profileId] })],
);

export const lessonTodoTicks = pgTable(
  'lesson_todo_ticks',
  {
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    todoId: text('todo_id').notNull(),
    tickedAt: at('ticked_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.lessonId, table.profileId, table.todoId] })],
);

export const courseFavorites = pgTable(
  'course_favorites',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.courseId, table.profileId] }),
    index('course_favorites_profile_idx').on(table.profileId),
  ],
);

export const playlists = pgTable(
  'playlists',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (table) => [index('playlists_profile_idx').on(table.profileId, table.appId)],
);

export const playlistLessons = pgTable(
  'playlist_lessons',
  {
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.playlistId, table.lessonId] })],
);

/**
 * A member's private podcast feed of a podcast course (podcast-feeds.service.ts): the feed URL carries the row's
 * id and an HMAC of its nonce, so nothing that opens it is stored. Revoking stamps `revokedAt` (the old URL
 * answers 404) and the next ask makes a new row; one live row per member and course.
 */
export const courseFeedTokens = pgTable(
  'course_feed_tokens',
  {
    id: uuid('id').primaryKey(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    revokedAt: at('revoked_at'),
  },
  (table) => [
    uniqueIndex('course_feed_tokens_live_idx')
      .on(table.courseId, table.profileId)
      .where(sql`${table.revokedAt} is null`),
    index('course_feed_tokens_profile_idx').on(table.profileId),
  ],
);
