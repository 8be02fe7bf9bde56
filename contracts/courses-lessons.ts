import { z } from 'zod';
import {
  coursePermissionsSchema,
  courseLimits,
  courseSchema,
  courseSpeakerSchema,
  idList,
  lessonCompletionValues,
  optionalText,
  pictureSchema,
  trimmedText,
} from './courses.ts';
import { lessonActionStateSchema, lessonProgressSchema, lessonTodoSchema } from './courses-progress.ts';
import { courseTypeSchema, lessonTypeSchema } from './enums.ts';
import { richTextMaxLength } from './rich-text.ts';
import { maxLength, validationKeys } from './validation/index.ts';

/* A course's modules and lessons: what an editor sends and what the course and lesson pages show. */

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: validationKeys.invalidValue });

// ---------- modules and lessons (COURSES-14…22) ----------

const drip = {
  /** Opens this many days after the member's access began (local midnight); null: no drip. */
  dripDays: z.number().int().min(0).max(courseLimits.dripDays).nullable(),
  /** Opens on this local date; wins over `dripDays`. */
  dripDate: localDate.nullable(),
};

export const moduleBodySchema = z.strictObject({
  name: trimmedText(courseLimits.name),
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
  title: trimmedText(courseLimits.linkTitle),
  url: z.string().trim().min(1).check(maxLength(courseLimits.url)),
});
export const lessonTodoInputSchema = z.object({
  /** Kept when editing so ticks stay; new items get one. */
  id: z.string().min(1).max(40).optional(),
  text: trimmedText(courseLimits.todoText),
});

const lessonFields = {
  name: trimmedText(courseLimits.name),
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
  permissions: coursePermissionsSchema,
});
export type Lesson = z.infer<typeof lessonSchema>;
export const lessonResponseSchema = z.object({ data: lessonSchema });
