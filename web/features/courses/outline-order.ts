import type { CourseModule, LessonSummary } from '../../../contracts/courses-lessons';
import { moveItem } from '../community-settings';
import { withLessonMoved } from './course-moves';

/*
 * Dragging a lesson across the course's modules (one drag context, a sortable list per module): while it is
 * dragged the page shows it in the module it is over; dropped, it is told to the server as its module and the
 * lesson it now follows.
 */

/** The drop target a module without lessons offers while a lesson is dragged. */
export const emptyModuleId = (moduleId: string) => `empty:${moduleId}`;

type Place = { module: CourseModule; index: number };

/** Where a lesson, or a module's empty drop target, is in `modules`. */
export function placeOf(modules: readonly CourseModule[], id: string): Place | null {
  for (const module of modules) {
    if (id === emptyModuleId(module.id)) {
      return { module, index: 0 };
    }
    const index = module.lessons.findIndex((lesson) => lesson.id === id);
    if (index !== -1) {
      return { module, index };
    }
  }
  return null;
}

/**
 * The modules shown while lesson `activeId` is over `overId`: when that is in another module the lesson joins it
 * beside the lesson it is over, on the side it came from (before it when it came from a later module), so that
 * taking that lesson's place, as a drop does, puts it where the drag shows it; null when nothing changes (within
 * its own module the sortable list shows the place).
 */
export function lessonDraggedOver(
  modules: readonly CourseModule[],
  activeId: string,
  overId: string,
): CourseModule[] | null {
  const from = placeOf(modules, activeId);
  const to = placeOf(modules, overId);
  if (!from || !to || from.module.id === to.module.id) {
    return null;
  }
  const lesson = from.module.lessons[from.index]!;
  const fromLater = modules.indexOf(from.module) > modules.indexOf(to.module);
  const at = to.module.lessons.length === 0 ? 0 : to.index + (fromLater ? 0 : 1);
  const prevId = at === 0 ? null : (to.module.lessons[at - 1]?.id ?? null);
  return withLessonMoved(modules, lesson, to.module.id, prevId);
}

/**
 * A lesson's drop: its module in `shown` (the modules as the drag left them) and the lesson it follows there after
 * taking the place of `overId`; null when that is where it was in `before`.
 */
export function lessonDropped(
  before: readonly CourseModule[],
  shown: readonly CourseModule[],
  activeId: string,
  overId: string | null,
): { lesson: LessonSummary; moduleId: string; prevId: string | null } | null {
  const was = placeOf(before, activeId);
  const now = placeOf(shown, activeId);
  if (!was || !now) {
    return null;
  }
  const over = overId === null ? null : placeOf(shown, overId);
  const lessons =
    over && over.module.id === now.module.id
      ? (moveItem(now.module.lessons, now.index, over.index)?.items ?? now.module.lessons)
      : now.module.lessons;
  const index = lessons.findIndex((lesson) => lesson.id === activeId);
  const prevId = index > 0 ? lessons[index - 1]!.id : null;
  const wasPrevId = was.index > 0 ? was.module.lessons[was.index - 1]!.id : null;
  if (was.module.id === now.module.id && prevId === wasPrevId) {
    return null;
  }
  return { lesson: was.module.lessons[was.index]!, moduleId: now.module.id, prevId };
}
