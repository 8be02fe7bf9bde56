import type { LessonSummary } from '../../../contracts/courses-lessons.ts';
import type { LessonProgress } from '../../../contracts/courses-progress.ts';
import type { OutlineLesson } from './course-outline.ts';
import type { ProgressRow } from './course-standing.ts';
import { presentAction } from './course-outline.ts';
import type { LessonAction } from './course-access.ts';

export function presentProgress(row: ProgressRow | undefined): LessonProgress | null {
  return row
    ? {
        positionSeconds: row.positionSeconds,
        durationSeconds: row.durationSeconds,
        completedAt: row.completedAt?.toISOString() ?? null,
      }
    : null;
}

export function presentLessonSummary(
  lesson: OutlineLesson,
  action: LessonAction | undefined,
  progress: ProgressRow | undefined,
): LessonSummary {
  return {
    id: lesson.id,
    slug: lesson.slug,
    name: lesson.name,
    moduleId: lesson.moduleId,
    coverType: lesson.coverType,
    isActive: lesson.isActive,
    position: lesson.position,
    completion: lesson.completion,
    dripDays: lesson.dripDays,
    dripDate: lesson.dripDate,
    durationSeconds: lesson.durationSeconds,
    lessonAction: presentAction(action),
    progress: presentProgress(progress),
  };
}
