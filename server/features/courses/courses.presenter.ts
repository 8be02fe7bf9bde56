import type { Course, CourseDashboard, CoursePicture, CourseSpeaker } from '../../../contracts/courses.ts';
import { pictureUrl, type UrlSign } from '../cloud/public.ts';
import type { CourseAbility } from './courses.policy.ts';
import type { CourseRow } from './courses.access.ts';
import type { CourseExtras, DashboardRow, Person } from './courses.repo.ts';
import type { CourseAction } from './course-access.ts';

export function presentPicture(sign: UrlSign, id: string | null): CoursePicture | null {
  return id
    ? { id, tileUrl: pictureUrl(sign, id, 'tile'), previewUrl: pictureUrl(sign, id, 'preview') }
    : null;
}

export function presentSpeaker(sign: UrlSign, person: Person): CourseSpeaker {
  return {
    id: person.id,
    name: `${person.firstName} ${person.lastName}`.trim(),
    avatarUrl: pictureUrl(sign, person.avatarId, 'tile'),
  };
}

/** The caller's standing as the lists show it (the course page refines `nextLessonSlug`). */
export type PresentedStanding = {
  courseAction: CourseAction;
  progress: Course['progress'];
};

/**
 * The list's standing from the stored counters alone: no enrollment → start, every active lesson completed →
 * completed, else continue (managers: continue). The course page evaluates every lesson (course-outline.ts).
 */
export function listedStanding(row: CourseRow, extras: CourseExtras, isManager: boolean): PresentedStanding {
  const enrollment = extras.enrollments.get(row.id);
  const progress = enrollment
    ? {
        completedLessons: enrollment.completedLessons,
        percent: percentOf(enrollment.completedLessons, row.lessonsCount),
        nextLessonSlug: enrollment.lastLessonSlug,
        startedAt: enrollment.createdAt.toISOString(),
        completedAt: enrollment.completedAt?.toISOString() ?? null,
      }
    : null;
  const done =
    enrollment !== undefined && row.lessonsCount > 0 && enrollment.completedLessons >= row.lessonsCount;
  const courseAction: CourseAction = isManager
    ? 'continue'
    : !enrollment
      ? 'start'
      : done
        ? 'completed'
        : 'continue';
  return { courseAction, progress };
}

export const percentOf = (done: number, of: number) =>
  of <= 0 ? 0 : Math.min(100, Math.floor((done * 100) / of));

/** One course of the service host's dashboard. */
export function presentDashboardRow(row: DashboardRow): CourseDashboard['data'][number] {
  return {
    id: row.course.id,
    appId: row.course.appId,
    appName: row.appName,
    name: row.course.name,
    slug: row.course.slug,
    type: row.course.type,
    isPublished: row.course.isPublished,
    lessonsCount: row.course.lessonsCount,
    enrollments: row.enrollments,
    completions: row.completions,
    completionRate: percentOf(row.completions, row.enrollments),
  };
}

export function presentCourse(
  sign: UrlSign,
  row: CourseRow,
  extras: CourseExtras,
  can: CourseAbility[],
  standing: PresentedStanding,
): Course {
  return {
    id: row.id,
    appId: row.appId,
    type: row.type,
    name: row.name,
    slug: row.slug,
    note: row.note,
    modulesName: row.modulesName,
    cover: presentPicture(sign, row.coverId),
    categories: extras.categories.get(row.id) ?? [],
    speakers: (extras.speakers.get(row.id) ?? []).map((person) => presentSpeaker(sign, person)),
    isPublished: row.isPublished,
    isShowedOnlyByDirectLink: row.isShowedOnlyByDirectLink,
    isMadeModulesObligatory: row.isMadeModulesObligatory,
    isSpeakersShown: row.isSpeakersShown,
    isMembersNotified: row.isMembersNotified,
    limitAccessByTime: row.limitAccessByTime,
    requiredStatusId: row.requiredStatusId,
    dripContent: row.dripContent,
    access: row.access,
    modulesCount: row.modulesCount,
    lessonsCount: row.lessonsCount,
    isFavorite: extras.favorites.has(row.id),
    courseAction: standing.courseAction,
    progress: standing.progress,
    permissions: { can },
    createdAt: row.createdAt.toISOString(),
  };
}
