import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { pageSizes } from './constants.ts';
import { courseActionSchema, courseTypeSchema } from './enums.ts';
import { paginated } from './pagination.ts';
import { maxLength, requiredString } from './validation/index.ts';
import { requiredStatusIdSchema } from './level-gates.ts';

/*
 * Courses (issue 19, spec §3 "Course", "Module", "Lesson", COURSES-01…25, GAPS 25 and 35). A course holds ordered
 * modules, a module ordered lessons; categories order courses. What a member may open is decided on the server
 * by one function (server/features/courses/course-access.ts) and answered as each lesson's `lessonAction` and the
 * course's `courseAction`. docs/decisions/courses.md.
 *
 * This file holds the shared values, categories and courses; courses-lessons.ts the modules and lessons,
 * courses-progress.ts a member's way through them (lessons' action and progress, notes, to-dos, playlists).
 */

export const courseLimits = {
  name: 150,
  slug: 100,
  note: 2000,
  modulesName: 50,
  categoryName: 100,
  speakers: 10,
  speakersNote: 5000,
  links: 20,
  linkTitle: 150,
  url: 2000,
  todos: 50,
  todoText: 300,
  videos: 10,
  pictures: 30,
  audios: 10,
  downloads: 30,
  /** Drip: at most ten years of days. */
  dripDays: 3650,
  limitAccessByTime: 3650,
  noteBody: 20_000,
  playlistName: 100,
  playlistLessons: 500,
  search: 100,
  /** A player reports positions up to a day into a video. */
  mediaSeconds: 86_400,
} as const;

export const coursePageSizes = {
  courses: pageSizes.default,
  categories: pageSizes.default,
  dropdown: pageSizes.dropdown,
  recentLessons: 10,
  playlists: pageSizes.default,
  dashboard: pageSizes.default,
} as const;

/** free: anyone the app's courses are open to, guests too; auth: signed-in members of the app. */
export const courseAccessValues = ['free', 'auth'] as const;
export type CourseAccess = (typeof courseAccessValues)[number];
export const courseAccessSchema = z.enum(courseAccessValues);

/** manual: the member marks it done; video: done once 90 % of its first video was watched. */
export const lessonCompletionValues = ['manual', 'video'] as const;
export type LessonCompletion = (typeof lessonCompletionValues)[number];

/** The share of a video that completes a lesson of `completion: 'video'`. */
export const videoCompletionShare = 0.9;

/** Why a lesson is locked (the lock screen's router actions). */
export const lessonLockReasonValues = [
  'access_limit_by_time',
  'drip_content',
  'not_completed_previous_lessons',
  /** The course asks for a level of the rewards the member has not reached (`requiredLevel`; issue 21). */
  'level',
] as const;
export type LessonLockReason = (typeof lessonLockReasonValues)[number];

/** What the caller may do with a course or lesson (its abilities). */
export const coursePermissionsSchema = z.object({ can: z.array(z.enum(abilitiesBySubject.course)) });
const page = (limit: number) => ({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(limit).default(limit),
});
/** A required text, trimmed, up to `max` characters. */
export const trimmedText = (max: number) =>
  requiredString()
    .check(maxLength(max))
    .transform((value) => value.trim());
export const optionalText = (max: number) => z.string().check(maxLength(max));
export const idList = (max: number) => z.array(z.uuid()).max(max);

export const courseAppParamsSchema = z.object({ appId: z.uuid() });
export const courseIdParamsSchema = z.object({ id: z.uuid() });
export const courseSlugParamsSchema = z.object({ appId: z.uuid(), courseSlug: z.string().min(1).max(200) });
export const lessonSlugParamsSchema = z.object({ appId: z.uuid(), lessonSlug: z.string().min(1).max(200) });
export const moveBodySchema = z.strictObject({ prevId: z.uuid().nullable() });

export const pictureSchema = z.object({
  id: z.uuid(),
  tileUrl: z.string().nullable(),
  previewUrl: z.string().nullable(),
});
export type CoursePicture = z.infer<typeof pictureSchema>;

export const courseSpeakerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type CourseSpeaker = z.infer<typeof courseSpeakerSchema>;

// ---------- categories (COURSES-06…11, 13) ----------

export const courseCategorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  position: z.number(),
  /** Courses in the category the caller sees. */
  coursesCount: z.number().int().min(0),
});
export type CourseCategory = z.infer<typeof courseCategorySchema>;
export const courseCategoryResponseSchema = z.object({ data: courseCategorySchema });
export const courseCategoryListSchema = paginated(courseCategorySchema);
export type CourseCategoryList = z.infer<typeof courseCategoryListSchema>;
export const courseCategoryListQuerySchema = z.object(page(coursePageSizes.categories));
export const courseCategoryBodySchema = z.strictObject({ name: trimmedText(courseLimits.categoryName) });
export type CourseCategoryBody = z.output<typeof courseCategoryBodySchema>;
/** `PATCH /apps/{id}/categories/move`: the category `id` right after `prevId` (null: first). */
export const categoryMoveBodySchema = z.strictObject({ id: z.uuid(), prevId: z.uuid().nullable() });
/** `PATCH /categories/{id}/courses/move`: the course right after `prevId` within the category. */
export const categoryCourseMoveBodySchema = z.strictObject({
  courseId: z.uuid(),
  prevId: z.uuid().nullable(),
});

export const dropdownItemSchema = z.object({ id: z.uuid(), name: z.string() });
export const dropdownSchema = paginated(dropdownItemSchema);
export const categoryDropdownQuerySchema = z.object({
  ...page(coursePageSizes.dropdown),
  search: z.string().trim().check(maxLength(courseLimits.search)).optional(),
});
/** COURSES-12: `courseIds` picks given courses (a form's current values), else names containing `search`. */
export const courseDropdownQuerySchema = categoryDropdownQuerySchema.extend({
  courseIds: z
    .union([z.uuid(), z.array(z.uuid()).max(100)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
});

// ---------- courses (COURSES-01…05) ----------

const courseFields = {
  type: courseTypeSchema,
  name: trimmedText(courseLimits.name),
  slug: z.string().trim().check(maxLength(courseLimits.slug)),
  note: optionalText(courseLimits.note),
  modulesName: z.string().trim().check(maxLength(courseLimits.modulesName)),
  coverId: z.uuid().nullable(),
  categoryIds: idList(50),
  speakerIds: idList(courseLimits.speakers),
  isPublished: z.boolean(),
  isShowedOnlyByDirectLink: z.boolean(),
  isMadeModulesObligatory: z.boolean(),
  /** The speakers are shown on the course and its lessons. */
  isSpeakersShown: z.boolean(),
  /** Members are told when the course is published. */
  isMembersNotified: z.boolean(),
  /** Access ends this many days after it began; null: never. */
  limitAccessByTime: z.number().int().min(1).max(courseLimits.limitAccessByTime).nullable(),
  /** Whether the modules' and lessons' drip schedules apply. */
  dripContent: z.boolean(),
  access: courseAccessSchema,
  /** The level the course's lessons ask for (issue 21): a level of the app, or null. */
  requiredStatusId: requiredStatusIdSchema,
};
type CourseFields = typeof courseFields;
const optionalCourseFields = Object.fromEntries(
  Object.entries(courseFields).map(([key, schema]) => [key, schema.optional()]),
) as { [K in keyof CourseFields]: z.ZodOptional<CourseFields[K]> };
export const courseCreateBodySchema = z.strictObject({
  ...optionalCourseFields,
  type: courseFields.type,
  name: courseFields.name,
});
export type CourseCreateBody = z.output<typeof courseCreateBodySchema>;
export const coursePatchBodySchema = z.strictObject(optionalCourseFields);
export type CoursePatchBody = z.output<typeof coursePatchBodySchema>;

export const courseProgressSchema = z.object({
  completedLessons: z.number().int().min(0),
  /** Rounded down, 0…100. */
  percent: z.number().int().min(0).max(100),
  /** Where "continue" leads: the last lesson opened, else the first open one. */
  nextLessonSlug: z.string().nullable(),
  startedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});

export const courseSchema = z.object({
  id: z.uuid(),
  appId: z.uuid(),
  type: courseTypeSchema,
  name: z.string(),
  slug: z.string(),
  note: z.string(),
  modulesName: z.string(),
  cover: pictureSchema.nullable(),
  categories: z.array(dropdownItemSchema),
  speakers: z.array(courseSpeakerSchema),
  isPublished: z.boolean(),
  isShowedOnlyByDirectLink: z.boolean(),
  isMadeModulesObligatory: z.boolean(),
  isSpeakersShown: z.boolean(),
  isMembersNotified: z.boolean(),
  limitAccessByTime: z.number().int().nullable(),
  dripContent: z.boolean(),
  access: courseAccessSchema,
  /** The level the course's lessons ask for (issue 21); null: none. */
  requiredStatusId: z.uuid().nullable(),
  modulesCount: z.number().int().min(0),
  /** Active lessons. */
  lessonsCount: z.number().int().min(0),
  isFavorite: z.boolean(),
  courseAction: courseActionSchema,
  /** The caller's progress; null before they started (and for guests). */
  progress: courseProgressSchema.nullable(),
  permissions: coursePermissionsSchema,
  createdAt: z.iso.datetime(),
});
export type Course = z.infer<typeof courseSchema>;
export const courseResponseSchema = z.object({ data: courseSchema });
export const courseListSchema = paginated(courseSchema);
export type CourseList = z.infer<typeof courseListSchema>;
export const courseListQuerySchema = z.object({
  ...page(coursePageSizes.courses),
  categoryId: z.uuid().optional(),
  search: z.string().trim().check(maxLength(courseLimits.search)).optional(),
  /** Managers see drafts too; `published` narrows to what members see. */
  filter: z.enum(['all', 'published', 'drafts', 'favorites', 'started']).default('all'),
});

// ---------- the service host's dashboard ----------

export const dashboardCourseSchema = z.object({
  id: z.uuid(),
  appId: z.uuid(),
  appName: z.string(),
  name: z.string(),
  slug: z.string(),
  type: courseTypeSchema,
  isPublished: z.boolean(),
  lessonsCount: z.number().int(),
  enrollments: z.number().int(),
  completions: z.number().int(),
  /** Completions per enrolment, 0…100. */
  completionRate: z.number().int().min(0).max(100),
});
export const courseDashboardSchema = paginated(dashboardCourseSchema);
export type CourseDashboard = z.infer<typeof courseDashboardSchema>;
export const courseDashboardQuerySchema = z.object(page(coursePageSizes.dashboard));
