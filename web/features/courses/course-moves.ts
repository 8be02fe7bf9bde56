import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CourseDetail, CourseModule, LessonSummary } from '../../../contracts/courses-lessons';
import { useCurrentApp } from '../../kernel/current-app';
import type { Reorder } from '../community-settings';
import { coursesKeys, useInvalidateCourses, useLessonMutations, useModuleMutations } from './courses-api';
import { lessonLinkId } from './lesson-row';

/** The modules after `lesson` moved into `moduleId` right after `prevId` (null: first), as the server will do. */
export function withLessonMoved(
  modules: readonly CourseModule[],
  lesson: LessonSummary,
  moduleId: string,
  prevId: string | null,
): CourseModule[] {
  return modules.map((module): CourseModule => {
    const lessons = module.lessons.filter((entry) => entry.id !== lesson.id);
    if (module.id !== moduleId) {
      return lessons.length === module.lessons.length
        ? module
        : { ...module, lessons, lessonsCount: Math.max(0, module.lessonsCount - 1) };
    }
    const at = prevId === null ? 0 : lessons.findIndex((entry) => entry.id === prevId) + 1;
    lessons.splice(at, 0, { ...lesson, moduleId });
    const arrived = lesson.moduleId === moduleId ? 0 : 1;
    return { ...module, lessons, lessonsCount: module.lessonsCount + arrived };
  });
}

/**
 * Ordering the course's modules and lessons (drag, buttons, or the "move to module" menu): the new order shows
 * at once in the cached course page, the server gets the moved item and the one it now follows, and a refusal
 * brings the server's order back (every success reads the courses again anyway).
 */
export function useCourseMoves(course: CourseDetail) {
  const app = useCurrentApp();
  const client = useQueryClient();
  const invalidate = useInvalidateCourses();
  const modules = useModuleMutations();
  const lessons = useLessonMutations();
  const key = coursesKeys.course(app.id, course.slug);
  const show = (change: (kept: CourseDetail) => CourseDetail) => {
    void client.cancelQueries({ queryKey: key });
    client.setQueryData<CourseDetail>(key, (kept) => (kept ? change(kept) : kept));
  };
  const onError = () => void invalidate();

  return {
    moveModule: ({ items, moved, prevId }: Reorder<CourseModule>) => {
      show((kept) => ({ ...kept, modules: items }));
      modules.move.mutate({ id: moved.id, prevId }, { onError });
    },
    /** A lesson to `moduleId` (its own or another of the course) right after `prevId` (null: first). */
    moveLesson: (lesson: LessonSummary, moduleId: string, prevId: string | null) => {
      show((kept) => ({ ...kept, modules: withLessonMoved(kept.modules, lesson, moduleId, prevId) }));
      lessons.move.mutate({ id: lesson.id, moduleId, prevId }, { onError });
    },
  };
}

export type CourseMoves = ReturnType<typeof useCourseMoves>;

/** What the course's team needs to order: the moves, and the move across modules (which is also announced). */
export type Ordering = {
  moves: CourseMoves;
  moveAcross: (lesson: LessonSummary, target: CourseModule) => void;
};

/**
 * The team's ordering: modules and lessons by drag or buttons; a lesson also goes to another module through its
 * menu, which says where it went and keeps the focus on it in its new place.
 */
export function useOrdering(course: CourseDetail): Ordering & { announcement: string } {
  const { t } = useTranslation();
  const moves = useCourseMoves(course);
  const [announcement, setAnnouncement] = useState('');
  // The moved row is drawn anew in its module once the cached course shows it there; then it takes the focus.
  const [arriving, setArriving] = useState<{ lessonId: string; moduleId: string } | null>(null);
  useEffect(() => {
    const target = course.modules.find((module) => module.id === arriving?.moduleId);
    if (arriving && target?.lessons.some((lesson) => lesson.id === arriving.lessonId)) {
      document.getElementById(lessonLinkId(arriving.lessonId))?.focus();
      setArriving(null);
    }
  }, [arriving, course]);
  return {
    moves,
    announcement,
    moveAcross: (lesson, target) => {
      moves.moveLesson(lesson, target.id, target.lessons.at(-1)?.id ?? null);
      setArriving({ lessonId: lesson.id, moduleId: target.id });
      setAnnouncement(
        t('courses.manage.movedToModule', {
          name: lesson.name,
          module: target.name,
          position: target.lessons.length + 1,
        }),
      );
    },
  };
}
