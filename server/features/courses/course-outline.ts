import { asc, eq } from 'drizzle-orm';
import type { LessonActionState } from '../../../contracts/courses-progress.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { courseLessons, courseModules } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { canonicalTimeZone } from '../../platform/time-zone.ts';
import { levelGate, type LevelGate } from '../gamification/public.ts';
import { isCoursesManager } from './courses.policy.ts';
import type { CourseAccessOf, CourseRow, LessonAccessOf, ModuleRow } from './courses.access.ts';
import {
  courseAction,
  lessonActions,
  type CourseAction,
  type CourseLevel,
  type CourseReader,
  type CourseRules,
  type LessonAction,
} from './course-access.ts';
import { loadCompletion, loadStanding, type Standing } from './course-standing.ts';

/*
 * A course's outline (modules and lessons in course order) and the caller's standing in it (enrollment and each
 * lesson's progress), loaded with one query each, and what course-access.ts makes of them: every lesson's action
 * and the course's. Every read that shows a lesson's state goes through here.
 */

export const outlineLessonColumns = {
  id: courseLessons.id,
  slug: courseLessons.slug,
  name: courseLessons.name,
  moduleId: courseLessons.moduleId,
  coverType: courseLessons.coverType,
  isActive: courseLessons.isActive,
  position: courseLessons.position,
  completion: courseLessons.completion,
  dripDays: courseLessons.dripDays,
  dripDate: courseLessons.dripDate,
  durationSeconds: courseLessons.durationSeconds,
};

export type OutlineLesson = {
  [K in keyof typeof outlineLessonColumns]: (typeof courseLessons.$inferSelect)[K];
};

export type Outline = { modules: ModuleRow[]; lessons: OutlineLesson[] };

export async function loadOutline(db: DbOrTx, courseId: string): Promise<Outline> {
  const [modules, lessons] = await Promise.all([
    db
      .select()
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId))
      .orderBy(asc(courseModules.position), asc(courseModules.id)),
    db
      .select(outlineLessonColumns)
      .from(courseLessons)
      .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
      .where(eq(courseLessons.courseId, courseId))
      .orderBy(
        asc(courseModules.position),
        asc(courseModules.id),
        asc(courseLessons.position),
        asc(courseLessons.id),
      ),
  ]);
  return { modules, lessons };
}

/*
 * Outlines kept in memory per course under the course row's `updated_at`, which every change of the course's
 * structure raises (course-content.repo.ts: the recount, `touchCourse`). Every request reads the course row
 * anyway (its scope), so an instance whose kept outline is older sees a newer stamp and reads again: no
 * announcement is needed across instances. The instance that changed a course forgets its outline at once, since
 * its own answer to that change still holds the row as it was read before.
 */
const keptOutlines = new Map<string, { stamp: number; outline: Promise<Outline> }>();
const maxKeptOutlines = 1000;

export function outlineOf(db: DbOrTx, course: CourseRow): Promise<Outline> {
  const stamp = course.updatedAt.getTime();
  const kept = keptOutlines.get(course.id);
  if (kept?.stamp === stamp) {
    return kept.outline;
  }
  const outline = loadOutline(db, course.id);
  keptOutlines.delete(course.id);
  keptOutlines.set(course.id, { stamp, outline });
  outline.catch(() => {
    if (keptOutlines.get(course.id)?.outline === outline) {
      keptOutlines.delete(course.id);
    }
  });
  if (keptOutlines.size > maxKeptOutlines) {
    const oldest = keptOutlines.keys().next().value;
    if (oldest !== undefined) {
      keptOutlines.delete(oldest);
    }
  }
  return outline;
}

/** After this instance changed the course's modules or lessons. */
export function forgetOutline(courseId: string): void {
  keptOutlines.delete(courseId);
}

/** The member's IANA zone: their profile's, else the app's. */
export function zoneOf(access: CourseAccessOf): string {
  return (
    canonicalTimeZone(access.app.profile?.timezone ?? '') ??
    canonicalTimeZone(access.app.app.timezone) ??
    'UTC'
  );
}

export function courseRulesOf(course: CourseRow): CourseRules {
  return {
    isPublished: course.isPublished,
    isDeleted: course.deletedAt !== null,
    access: course.access,
    isMadeModulesObligatory: course.isMadeModulesObligatory,
    limitAccessByTimeDays: course.limitAccessByTime,
    dripContent: course.dripContent,
  };
}

export function readerOf(access: CourseAccessOf, standing: Standing): CourseReader {
  if (isCoursesManager(access.actor)) {
    return { kind: 'manager' };
  }
  if (!access.actor.profileId || access.actor.role === 'guest' || access.actor.role === 'invited') {
    return { kind: 'guest' };
  }
  return {
    kind: 'member',
    timeZone: standing.enrollment?.timeZone ?? zoneOf(access),
    accessBeganAt: standing.enrollment?.accessBeganAt ?? null,
    completedLessonIds: standing.completed,
  };
}

/** The course as the caller stands in it: every lesson's action and the course's button. */
export type Evaluation = {
  outline: Outline;
  standing: Standing;
  reader: CourseReader;
  actions: Map<string, LessonAction>;
  courseAction: CourseAction;
};

export function evaluate(
  access: CourseAccessOf,
  outline: Outline,
  standing: Standing,
  now = new Date(),
  missingLevel: CourseLevel | null = null,
): Evaluation {
  const reader = readerOf(access, standing);
  const input = {
    course: courseRulesOf(access.course),
    modules: outline.modules,
    lessons: outline.lessons,
    reader,
    // Access plans come later (docs/decisions/courses.md "Access"): nothing stands in front of a course yet.
    paywall: 'open' as const,
    missingLevel,
    now,
  };
  return {
    outline,
    standing,
    reader,
    actions: lessonActions(input),
    courseAction: courseAction(input),
  };
}

/** The caller's level gate on the course: their points read fresh (one indexed read; none without a level). */
export function courseGateOf(db: DbOrTx, access: CourseAccessOf): Promise<LevelGate> {
  return levelGate(db, {
    appId: access.course.appId,
    profileId: access.actor.profileId,
    requiredStatusId: access.course.requiredStatusId,
    manages: isCoursesManager(access.actor),
  });
}

/** The course for the caller; `knownGate`: the level gate, when the caller read it already (course-page.ts). */
export async function evaluateCourse(
  db: DbOrTx,
  access: CourseAccessOf,
  now = new Date(),
  knownGate?: LevelGate,
) {
  const [outline, standing, gate] = await Promise.all([
    outlineOf(db, access.course),
    loadStanding(db, access.course.id, access.actor.profileId),
    knownGate ?? courseGateOf(db, access),
  ]);
  return evaluate(access, outline, standing, now, gate.passes ? null : gate.required);
}

export function presentAction(action: LessonAction | undefined): LessonActionState {
  if (!action) {
    return { action: 'denied', reason: 'denied', unlocksAt: null };
  }
  switch (action.action) {
    case 'locked':
      return {
        action: 'locked',
        reason: action.reason,
        unlocksAt: action.unlocksAt?.toISOString() ?? null,
        ...(action.level ? { requiredLevel: action.level } : {}),
      };
    case 'denied':
      return { action: 'denied', reason: action.reason, unlocksAt: null };
    case 'buy':
    case 'continue':
    case 'completed':
      return { action: action.action, reason: null, unlocksAt: null };
  }
}

export const isOpen = (action: LessonAction | undefined) =>
  action?.action === 'continue' || action?.action === 'completed';

/**
 * The lesson's action for the caller, refusing (403 LESSON_LOCKED, with the action in `details`) when it is not
 * open to them: what members record (progress, to-dos, notes) needs an open lesson.
 */
export async function openLessonOf(db: DbOrTx, access: LessonAccessOf): Promise<void> {
  // The player's saves come through here every few seconds: only the completed lessons are read.
  const [outline, standing, gate] = await Promise.all([
    outlineOf(db, access.course),
    loadCompletion(db, access.course.id, access.actor.profileId),
    courseGateOf(db, access),
  ]);
  const evaluation = evaluate(access, outline, standing, new Date(), gate.passes ? null : gate.required);
  const action = evaluation.actions.get(access.lesson.id);
  if (!isOpen(action)) {
    throw new AppError(403, errorCodes.lessonLocked, { details: { ...presentAction(action) } });
  }
}
