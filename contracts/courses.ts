import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { pageSizes } from './constants.ts';
import { courseActionSchema, courseTypeSchema, lessonActionSchema, lessonTypeSchema } from './enums.ts';
import { paginated } from './pagination.ts';
import { richTextMaxLength } from './rich-text.ts';
import { maxLength, requiredString, validationKeys } from './validation/index.ts';
import { requiredLevelSchema, requiredStatusIdSchema } from './level-gates.ts';

/*
 * Courses (issue 19, spec §3 "Course", "Module", "Lesson", COURSES-01…25, GAPS 25 and 35). A course holds ordered
 * modules, a module ordered lessons; categories order courses. What a member may open is decided on the server
 * by one function (server/features/courses/course-access.ts) and answered as each lesson's `lessonAction` and the
 * course's `courseAction`. docs/decisions/courses.md.
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

const permissions = z.object({ can: z.array(z.enum(abilitiesBySubject.course)) });
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: validationKeys.invalidValue });
const page = (limit: number) => ({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(limit).default(limit),
});
const trimmed = (max: number) =>
  requiredString()
    .check(maxLength(max))
    .transform((value) => value.trim());
const optionalText = (max: number) => z.string().check(maxLength(max));
const idList = (max: number) => z.array(z.uuid()).max(max);

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
export const courseCategoryBodySchema = z.strictObject({ name: trimmed(courseLimits.categoryName) });
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
  name: trimmed(courseLimits.name),
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
  permissions,
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

// ---------- modules and lessons (COURSES-14…22) ----------

const drip = {
  /** Opens this many days after the member's access began (local midnight); null: no drip. */
  dripDays: z.number().int().min(0).max(courseLimits.dripDays).nullable(),
  /** Opens on this local date; wins over `dripDays`. */
  dripDate: localDate.nullable(),
};

export const moduleBodySchema = z.strictObject({
  name: trimmed(courseLimits.name),
  coverId: z.uuid().nullable().optional(),
  dripDays: drip.dripDays.optional(),
  dripDate: drip.dripDate.optional(),
});
export const modulePatchBodySchema = moduleBodySchema.partial();
export type ModuleBody = z.output<typeof modulePatchBodySchema>;

/** A video of a lesson: a library video (streamed from the library) or a YouTube / Vimeo / Loom link. */
export const lessonVideoInputSchema = z.union([
  z.strictObject({ fileId: z.uuid() }),
  z.strictObject({ url: z.string().trim().min(1).check(maxLength(courseLimits.url)) }),
]);
export const lessonLinkSchema = z.object({
  title: trimmed(courseLimits.linkTitle),
  url: z.string().trim().min(1).check(maxLength(courseLimits.url)),
});
export const lessonTodoInputSchema = z.object({
  /** Kept when editing so ticks stay; new items get one. */
  id: z.string().min(1).max(40).optional(),
  text: trimmed(courseLimits.todoText),
});

const lessonFields = {
  name: trimmed(courseLimits.name),
  slug: z.string().trim().check(maxLength(courseLimits.slug)),
  coverType: lessonTypeSchema,
  videos: z.array(lessonVideoInputSchema).max(courseLimits.videos),
  completion: z.enum(lessonCompletionValues),
  speakersNote: optionalText(courseLimits.speakersNote),
  body: z.string().check(maxLength(richTextMaxLength)),
  links: z.array(lessonLinkSchema).max(courseLimits.links),
  todoList: z.array(lessonTodoInputSchema).max(courseLimits.todos),
  pictureIds: idList(courseLimits.pictures),
  audioIds: idList(courseLimits.audios),
  /** Cloud files offered in the downloads tab. */
  attachmentIds: idList(courseLimits.downloads),
  speakerIds: idList(courseLimits.speakers),
  isActive: z.boolean(),
  ...drip,
};
type LessonFields = typeof lessonFields;
export const lessonCreateBodySchema = z.strictObject({
  ...(Object.fromEntries(Object.entries(lessonFields).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof LessonFields]: z.ZodOptional<LessonFields[K]>;
  }),
  name: lessonFields.name,
});
export type LessonCreateBody = z.output<typeof lessonCreateBodySchema>;
export const lessonPatchBodySchema = z.strictObject(
  Object.fromEntries(Object.entries(lessonFields).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof LessonFields]: z.ZodOptional<LessonFields[K]>;
  },
);
export type LessonPatchBody = z.output<typeof lessonPatchBodySchema>;
/** Moves a lesson right after `prevId` in `moduleId` (null: first). */
export const lessonMoveBodySchema = z.strictObject({ moduleId: z.uuid(), prevId: z.uuid().nullable() });

/** A lesson in a module's list: what the course page shows per row. */
export const lessonSummarySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  moduleId: z.uuid(),
  coverType: lessonTypeSchema,
  isActive: z.boolean(),
  position: z.number(),
  completion: z.enum(lessonCompletionValues),
  dripDays: z.number().int().nullable(),
  dripDate: z.string().nullable(),
  /** The first video's length when known. */
  durationSeconds: z.number().nullable(),
  lessonAction: lessonActionStateSchema,
  progress: lessonProgressSchema.nullable(),
});
export type LessonSummary = z.infer<typeof lessonSummarySchema>;
export const lessonListSchema = z.object({ data: z.array(lessonSummarySchema) });

export const courseModuleSchema = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  name: z.string(),
  cover: pictureSchema.nullable(),
  position: z.number(),
  dripDays: z.number().int().nullable(),
  dripDate: z.string().nullable(),
  lessonsCount: z.number().int().min(0),
  lessons: z.array(lessonSummarySchema),
});
export type CourseModule = z.infer<typeof courseModuleSchema>;
export const courseModuleResponseSchema = z.object({ data: courseModuleSchema });

/** The course page: the course with its modules and every lesson's action for the caller. */
export const courseDetailSchema = courseSchema.extend({ modules: z.array(courseModuleSchema) });
export type CourseDetail = z.infer<typeof courseDetailSchema>;
export const courseDetailResponseSchema = z.object({ data: courseDetailSchema });

export const lessonVideoSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('file'),
    fileId: z.uuid(),
    name: z.string(),
    /** The converted mp4 (range requests), null while it is being encoded. */
    url: z.string().nullable(),
    posterUrl: z.string().nullable(),
    durationSeconds: z.number().nullable(),
  }),
  z.object({
    kind: z.literal('link'),
    url: z.string(),
    host: z.enum(['youtube', 'vimeo', 'loom']),
    embedUrl: z.string(),
    thumbnailUrl: z.string().nullable(),
  }),
]);
export type LessonVideo = z.infer<typeof lessonVideoSchema>;

export const lessonFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number(),
  mimeType: z.string(),
  url: z.string().nullable(),
  previewUrl: z.string().nullable(),
});
export type LessonFile = z.infer<typeof lessonFileSchema>;

export const lessonTodoSchema = z.object({ id: z.string(), text: z.string(), done: z.boolean() });

/** The lesson page. Locked and denied lessons answer their action with the content left out. */
export const lessonSchema = lessonSummarySchema.extend({
  course: z.object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    type: courseTypeSchema,
    modulesName: z.string(),
  }),
  module: z.object({ id: z.uuid(), name: z.string() }),
  body: z.string(),
  speakersNote: z.string(),
  videos: z.array(lessonVideoSchema),
  pictures: z.array(lessonFileSchema),
  audios: z.array(lessonFileSchema),
  attachments: z.array(lessonFileSchema),
  links: z.array(z.object({ title: z.string(), url: z.string() })),
  todoList: z.array(lessonTodoSchema),
  speakers: z.array(courseSpeakerSchema),
  /** The caller's private note on the lesson. */
  note: z.string(),
  commentsCount: z.number().int().min(0),
  previousLessonSlug: z.string().nullable(),
  nextLessonSlug: z.string().nullable(),
  permissions,
});
export type Lesson = z.infer<typeof lessonSchema>;
export const lessonResponseSchema = z.object({ data: lessonSchema });

// ---------- member tools ----------

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
export const playlistBodySchema = z.strictObject({ name: trimmed(courseLimits.playlistName) });
export const playlistLessonBodySchema = z.strictObject({ lessonId: z.uuid() });
export const playlistLessonParamsSchema = z.object({ id: z.uuid(), lessonId: z.uuid() });

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
