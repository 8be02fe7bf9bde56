import { z } from 'zod';
import { courseLimits, lessonLockReasonValues, pictureSchema, trimmedText } from './courses.ts';
import { lessonActionSchema, lessonTypeSchema } from './enums.ts';
import { requiredLevelSchema } from './level-gates.ts';
import { maxLength } from './validation/index.ts';

/* A member's way through the courses: lessons' action and progress, notes and to-dos, recent lessons, playlists. */

// ---------- lessons' action (COURSES-23, 24) ----------

export const lessonActionStateSchema = z.object({
  action: lessonActionSchema,
  /** For `locked`: the lock screen's router action; for `denied`: `login` when signing in would open it. */
  reason: z.enum([...lessonLockReasonValues, 'login', 'denied']).nullable(),
  /** For drip: when it opens. */
  unlocksAt: z.iso.datetime().nullable(),
  /** For `level`: the level that opens it (its number, name and points). */
  requiredLevel: requiredLevelSchema.optional(),
});
export type LessonActionState = z.infer<typeof lessonActionStateSchema>;

export const lessonProgressSchema = z.object({
  positionSeconds: z.number().min(0),
  durationSeconds: z.number().min(0).nullable(),
  completedAt: z.iso.datetime().nullable(),
});
export type LessonProgress = z.infer<typeof lessonProgressSchema>;

export const lessonActionResponseSchema = z.object({
  data: lessonActionStateSchema.extend({ progress: lessonProgressSchema.nullable() }),
});

/**
 * COURSES-24: `completed` marks the lesson done, `incomplete` takes that back, `continue` saves the player's
 * position (every few seconds; a video lesson completes itself at 90 % watched).
 */
export const lessonActionBodySchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('completed') }),
  z.strictObject({ action: z.literal('incomplete') }),
  z.strictObject({
    action: z.literal('continue'),
    positionSeconds: z.number().min(0).max(courseLimits.mediaSeconds),
    durationSeconds: z.number().positive().max(courseLimits.mediaSeconds).optional(),
  }),
]);
export type LessonActionBody = z.output<typeof lessonActionBodySchema>;

// ---------- member tools ----------

/** A lesson's to-do with the caller's tick. */
export const lessonTodoSchema = z.object({ id: z.string(), text: z.string(), done: z.boolean() });

export const lessonNoteBodySchema = z.strictObject({
  body: z.string().check(maxLength(courseLimits.noteBody)),
});
export const lessonTodoParamsSchema = z.object({ id: z.uuid(), todoId: z.string().min(1).max(40) });
export const lessonTodoBodySchema = z.strictObject({ done: z.boolean() });
/** The caller's private note on a lesson (empty when none). */
export const lessonNoteResponseSchema = z.object({ data: z.object({ body: z.string() }) });
/** The lesson's to-do list with the caller's ticks. */
export const lessonTodoListResponseSchema = z.object({ data: z.array(lessonTodoSchema) });

/** COURSES-25 (the recentLessons widget): the member's lessons opened last, newest first. */
export const recentLessonSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  coverType: lessonTypeSchema,
  course: z.object({ id: z.uuid(), slug: z.string(), name: z.string(), cover: pictureSchema.nullable() }),
  progress: lessonProgressSchema,
  openedAt: z.iso.datetime(),
});
export type RecentLesson = z.infer<typeof recentLessonSchema>;
export const recentLessonListSchema = z.object({ data: z.array(recentLessonSchema) });

export const playlistSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  lessons: z.array(z.object({ id: z.uuid(), slug: z.string(), name: z.string(), courseName: z.string() })),
  createdAt: z.iso.datetime(),
});
export type Playlist = z.infer<typeof playlistSchema>;
export const playlistListSchema = z.object({ data: z.array(playlistSchema) });
export const playlistResponseSchema = z.object({ data: playlistSchema });
export const playlistBodySchema = z.strictObject({ name: trimmedText(courseLimits.playlistName) });
export const playlistLessonBodySchema = z.strictObject({ lessonId: z.uuid() });
export const playlistLessonParamsSchema = z.object({ id: z.uuid(), lessonId: z.uuid() });
