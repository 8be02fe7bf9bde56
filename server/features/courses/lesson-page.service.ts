import type { Lesson, LessonFile, LessonVideo } from '../../../contracts/courses-lessons.ts';
import type { LessonActionState, LessonProgress } from '../../../contracts/courses-progress.ts';
import { parseVideoUrl, youtubeThumbnailUrl } from '../../../contracts/video.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { accounts, courses, lessonNotes, lessonTodoTicks, profiles } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { attachedFiles, type AttachedFile, type UrlSign } from '../cloud/public.ts';
import { loadAppAccess } from '../workspace/public.ts';
import type { Actor } from '../../platform/auth.ts';
import { evaluateCourse, isOpen, presentAction, type Evaluation } from './course-outline.ts';
import { courseAccessOf, type LessonAccessOf } from './courses.access.ts';
import { isCoursesManager } from './courses.policy.ts';
import { presentSpeaker } from './courses.presenter.ts';
import { findLessonBySlug } from './courses.repo.ts';
import { enroll } from './progress.service.ts';
import { presentLessonSummary, presentProgress } from './lessons.presenter.ts';
import type { Person } from './courses.repo.ts';

const fileOf = (file: AttachedFile): LessonFile => ({
  id: file.id,
  name: file.name,
  size: file.size,
  mimeType: file.mimeType,
  url: file.type === 'image' || file.type === 'video' ? file.url : file.downloadUrl,
  previewUrl: file.thumbUrl,
});

/** The people of the lesson's speaker ids (live profiles), in the ids' order. */
async function speakersOf(db: DbOrTx, ids: readonly string[]): Promise<Person[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await db
    .select({
      id: profiles.id,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      avatarId: profiles.avatarId,
    })
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(and(inArray(profiles.id, [...ids]), isNull(profiles.deletedAt)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A member opening an open lesson starts the course (access begins) and makes it their last one. */
async function recordOpened(db: DbOrTx, access: LessonAccessOf): Promise<void> {
  const profileId = access.actor.profileId;
  if (!profileId || access.actor.role === 'guest' || access.actor.role === 'invited') {
    return;
  }
  await enroll(db, access, profileId);
}

/**
 * The lesson page (`courses/l/{slug}`) and the lesson's action (COURSES-23): what the caller may do with it,
 * decided with the whole course (drip, order, time limit: course-outline.ts). A lesson that is not open to them
 * answers its action with the content left out.
 */
export function createLessonPageService(deps: { db: Db; sign: UrlSign }) {
  const { db, sign } = deps;

  async function present(access: LessonAccessOf, evaluation: Evaluation): Promise<Lesson> {
    const { lesson, course } = access;
    const lessons = evaluation.outline.lessons;
    const manager = isCoursesManager(access.actor);
    const outlined = lessons.find((candidate) => candidate.id === lesson.id);
    const module = evaluation.outline.modules.find((candidate) => candidate.id === lesson.moduleId);
    if (!outlined || !module || (!manager && !lesson.isActive)) {
      throw notFound();
    }
    const action = evaluation.actions.get(lesson.id);
    const open = isOpen(action);
    const profileId = access.actor.profileId;
    const fileIds = open
      ? [
          ...lesson.pictureIds,
          ...lesson.audioIds,
          ...lesson.attachmentIds,
          ...lesson.videos.flatMap((video) => ('fileId' in video ? [video.fileId] : [])),
        ]
      : [];
    const [files, speakers, note, ticks] = await Promise.all([
      attachedFiles(db, sign, fileIds),
      open ? speakersOf(db, lesson.speakerIds) : [],
      open && profileId
        ? db
            .select({ body: lessonNotes.body })
            .from(lessonNotes)
            .where(and(eq(lessonNotes.lessonId, lesson.id), eq(lessonNotes.profileId, profileId)))
        : [],
      open && profileId
        ? db
            .select({ todoId: lessonTodoTicks.todoId })
            .from(lessonTodoTicks)
            .where(and(eq(lessonTodoTicks.lessonId, lesson.id), eq(lessonTodoTicks.profileId, profileId)))
        : [],
    ]);
    const filesOf = (ids: readonly string[]) =>
      ids.flatMap((id) => {
        const file = files.get(id);
        return file ? [fileOf(file)] : [];
      });
    const ticked = new Set(ticks.map((row) => row.todoId));
    const visible = lessons.filter((candidate) => manager || candidate.isActive);
    const at = visible.findIndex((candidate) => candidate.id === lesson.id);
    return {
      ...presentLessonSummary(outlined, action, evaluation.standing.progress.get(lesson.id)),
      course: {
        id: course.id,
        slug: course.slug,
        name: course.name,
        type: course.type,
        modulesName: course.modulesName,
      },
      module: { id: module.id, name: module.name },
      body: open ? lesson.bodyHtml : '',
      speakersNote: open ? lesson.speakersNote : '',
      videos: open ? lesson.videos.flatMap((video): LessonVideo[] => videoOf(video, files)) : [],
      pictures: filesOf(lesson.pictureIds),
      audios: filesOf(lesson.audioIds),
      attachments: filesOf(lesson.attachmentIds),
      links: open ? lesson.links : [],
      todoList: open ? lesson.todoList.map((todo) => ({ ...todo, done: ticked.has(todo.id) })) : [],
      speakers: speakers.map((person) => presentSpeaker(sign, person)),
      note: note[0]?.body ?? '',
      commentsCount: lesson.commentsCount,
      previousLessonSlug: visible[at - 1]?.slug ?? null,
      nextLessonSlug: visible[at + 1]?.slug ?? null,
      permissions: { can: access.can },
    };
  }

  /** The lesson as the caller sees it; `opening`: a member opens it (the page), which starts the course. */
  async function page(access: LessonAccessOf, opening = false): Promise<Lesson> {
    const evaluation = await evaluateCourse(db, access);
    if (
      opening &&
      !isCoursesManager(access.actor) &&
      isOpen(evaluation.actions.get(access.lesson.id)) &&
      evaluation.standing.enrollment?.lastLessonId !== access.lesson.id
    ) {
      await recordOpened(db, access);
    }
    return present(access, evaluation);
  }

  return {
    page,
    present,

    async pageBySlug(actor: Actor, appId: string, slug: string): Promise<Lesson> {
      const lesson = await findLessonBySlug(db, appId, slug);
      if (!lesson) {
        throw notFound();
      }
      const app = await loadAppAccess(db, actor, appId);
      const { course } = await courseOfLesson(lesson.courseId);
      return page({ ...courseAccessOf(app, course), lesson }, true);
    },

    async action(access: LessonAccessOf): Promise<LessonActionState & { progress: LessonProgress | null }> {
      const evaluation = await evaluateCourse(db, access);
      return {
        ...presentAction(evaluation.actions.get(access.lesson.id)),
        progress: presentProgress(evaluation.standing.progress.get(access.lesson.id)),
      };
    },
  };

  async function courseOfLesson(courseId: string) {
    const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
    if (!course) {
      throw notFound();
    }
    return { course };
  }
}

function videoOf(
  video: { fileId: string } | { url: string; host: string; id: string },
  files: Map<string, AttachedFile>,
): LessonVideo[] {
  if ('fileId' in video) {
    const file = files.get(video.fileId);
    return file
      ? [
          {
            kind: 'file',
            fileId: file.id,
            name: file.name,
            url: file.url,
            posterUrl: file.thumbUrl,
            durationSeconds: file.durationMs === null ? null : file.durationMs / 1000,
          },
        ]
      : [];
  }
  const parsed = parseVideoUrl(video.url);
  return parsed
    ? [
        {
          kind: 'link',
          url: video.url,
          host: parsed.host,
          embedUrl: parsed.embedUrl,
          thumbnailUrl: parsed.host === 'youtube' ? youtubeThumbnailUrl(parsed.id) : null,
        },
      ]
    : [];
}
