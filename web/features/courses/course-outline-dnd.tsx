import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  useDroppable,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useTranslation } from 'react-i18next';
import type { CourseDetail, CourseModule, LessonSummary } from '../../../contracts/courses-lessons';
import { dropItem, SortableItem, useSortableSensors } from '../community-settings';
import type { CourseMoves } from './course-moves';
import { emptyModuleId, lessonDraggedOver, lessonDropped, placeOf } from './outline-order';
import classes from './courses.module.css';

type Kind = 'module' | 'lesson';

type Props = {
  course: CourseDetail;
  moves: CourseMoves;
  renderModule: (module: CourseModule, index: number, handle: ReactNode, lessons: ReactNode) => ReactNode;
  renderLesson: (lesson: LessonSummary, index: number, module: CourseModule, handle: ReactNode) => ReactNode;
  /** What a module without lessons shows (it takes a dragged lesson too). */
  empty: ReactNode;
};

/** A module's place for a dragged lesson while it has none of its own. */
function EmptyModule({ moduleId, open, children }: { moduleId: string; open: boolean; children: ReactNode }) {
  const drop = useDroppable({ id: emptyModuleId(moduleId), disabled: !open });
  return (
    <div ref={drop.setNodeRef} className={classes.emptyDrop} data-open={open || undefined}>
      {children}
    </div>
  );
}

/** A module's lessons, sortable among the lessons of every module; without any, a place to drop one. */
function ModuleLessons({
  module,
  dragging,
  empty,
  renderLesson,
}: Pick<Props, 'empty' | 'renderLesson'> & { module: CourseModule; dragging: Kind | null }) {
  if (module.lessons.length === 0) {
    return (
      <EmptyModule moduleId={module.id} open={dragging === 'lesson'}>
        {empty}
      </EmptyModule>
    );
  }
  return (
    <SortableContext items={module.lessons.map((lesson) => lesson.id)} strategy={verticalListSortingStrategy}>
      <ul className={classes.lessons} data-testid="lesson-list">
        {module.lessons.map((lesson, index) => (
          <SortableItem
            key={lesson.id}
            id={lesson.id}
            name={lesson.name}
            disabled={false}
            droppable={dragging !== 'module'}
          >
            {(handle) => renderLesson(lesson, index, module, handle)}
          </SortableItem>
        ))}
      </ul>
    </SortableContext>
  );
}

/** What is read out while a module or lesson is dragged, from the order the page shows at that moment. */
function useOutlineAnnouncements(shown: { current: CourseModule[] }): Announcements {
  const { t } = useTranslation();
  const nameOf = (id: UniqueIdentifier) => {
    const module = shown.current.find((entry) => entry.id === id);
    const place = placeOf(shown.current, String(id));
    return module?.name ?? (place ? place.module.lessons[place.index]?.name : undefined) ?? '';
  };
  // A module or lesson takes the place of the one it is over (a lesson: in the module it is shown in).
  const where = (activeId: UniqueIdentifier, overId: UniqueIdentifier | undefined) => {
    const modulePosition = shown.current.findIndex((entry) => entry.id === (overId ?? activeId)) + 1;
    if (modulePosition > 0) {
      return { module: null, position: modulePosition };
    }
    const active = placeOf(shown.current, String(activeId));
    const over = overId === undefined ? null : placeOf(shown.current, String(overId));
    const place = over && over.module.id === active?.module.id ? over : active;
    return { module: place?.module.name ?? '', position: (place?.index ?? 0) + 1 };
  };
  const say = (kind: 'over' | 'end', activeId: UniqueIdentifier, overId: UniqueIdentifier | undefined) => {
    const { module, position } = where(activeId, overId);
    const name = nameOf(activeId);
    return module === null
      ? t(`communitySettings.dnd.${kind}`, { name, position })
      : t(kind === 'over' ? 'courses.manage.movedToModule' : 'courses.manage.droppedInModule', {
          name,
          module,
          position,
        });
  };
  return {
    onDragStart: ({ active }) => t('communitySettings.dnd.start', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? say('over', active.id, over.id) : undefined),
    onDragEnd: ({ active, over }) => say('end', active.id, over?.id),
    onDragCancel: ({ active }) => t('communitySettings.dnd.cancel', { name: nameOf(active.id) }),
  };
}

/**
 * The course's modules and their lessons in one drag context: modules reorder among modules, lessons among the
 * lessons of every module, so a lesson dragged (by pointer or keyboard) past its module's end goes on into the
 * next. Each kind is dropped only among its own kind; a module without lessons takes a lesson too.
 */
export function CourseOutlineDnd({ course, moves, renderModule, renderLesson, empty }: Props) {
  const { t } = useTranslation();
  const sensors = useSortableSensors();
  const [dragging, setDragging] = useState<Kind | null>(null);
  // The modules as the drag shows them (a lesson over another module is shown in it), until the course has them.
  const [preview, setPreview] = useState<CourseModule[] | null>(null);
  const modules = preview ?? course.modules;
  const shown = useRef(modules);
  shown.current = modules;
  const announcements = useOutlineAnnouncements(shown);
  // A dropped lesson stays where the drag left it until the course shows it there (the cache tells its readers a
  // moment later): drawn back in between, its row would lose the focus.
  const [settling, setSettling] = useState<CourseDetail | null>(null);
  useEffect(() => {
    if (settling && settling !== course) {
      setSettling(null);
      setPreview(null);
    }
  }, [course, settling]);

  const kindOf = (id: UniqueIdentifier): Kind =>
    course.modules.some((module) => module.id === id) ? 'module' : 'lesson';
  const handleDragOver = ({ active, over }: DragOverEvent) => {
    if (!over || kindOf(active.id) !== 'lesson') {
      return;
    }
    const next = lessonDraggedOver(shown.current, String(active.id), String(over.id));
    if (next) {
      shown.current = next;
      setPreview(next);
    }
  };
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    const overId = over ? String(over.id) : null;
    if (dragging === 'module') {
      const reorder = dropItem(course.modules, String(active.id), overId);
      if (reorder) {
        moves.moveModule(reorder);
      }
    } else {
      const drop = lessonDropped(course.modules, shown.current, String(active.id), overId);
      if (drop) {
        moves.moveLesson(drop.lesson, drop.moduleId, drop.prevId);
        setSettling(course);
      } else {
        setPreview(null);
      }
    }
    setDragging(null);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={({ active }) => setDragging(kindOf(active.id))}
      onDragOver={handleDragOver}
      onDragEnd={handleDragEnd}
      onDragCancel={() => {
        setDragging(null);
        setPreview(null);
      }}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('communitySettings.dnd.instructions') },
      }}
    >
      <SortableContext items={modules.map((module) => module.id)} strategy={verticalListSortingStrategy}>
        <ul className={classes.moduleList} data-testid="module-list">
          {modules.map((module, index) => (
            <SortableItem
              key={module.id}
              id={module.id}
              name={module.name}
              disabled={false}
              droppable={dragging !== 'lesson'}
            >
              {(handle) =>
                renderModule(
                  module,
                  index,
                  handle,
                  <ModuleLessons
                    module={module}
                    dragging={dragging}
                    empty={empty}
                    renderLesson={renderLesson}
                  />,
                )
              }
            </SortableItem>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
