import { describe, expect, it } from 'vitest';
import { emptyModuleId, lessonDraggedOver, lessonDropped } from './outline-order';
import { testLessonSummary, testModule, uuid } from './courses-test-data';

const second = uuid(8202);
const third = uuid(8203);
/** Lessons 1–3 in the first module, lesson 4 in the second, none in the third. */
const modules = [
  testModule([testLessonSummary(1), testLessonSummary(2), testLessonSummary(3)]),
  testModule([testLessonSummary(4, { moduleId: second })], { id: second, name: 'Erste Lieder', position: 2 }),
  testModule([], { id: third, name: 'Zugabe', position: 3 }),
];
const lesson = (n: number) => uuid(8300 + n);
const names = (shown: typeof modules | null) =>
  shown?.map((module) => module.lessons.map((entry) => entry.name));

describe('dragging a lesson across modules', () => {
  it('shows the lesson in the module it is over, on the side it came from', () => {
    // Down from the first module: after the lesson it is over, so taking its place puts it first.
    expect(names(lessonDraggedOver(modules, lesson(3), lesson(4)))).toEqual([
      ['Lektion 1', 'Lektion 2'],
      ['Lektion 4', 'Lektion 3'],
      [],
    ]);
    // Up from the second: before it, so taking its place puts it last.
    expect(names(lessonDraggedOver(modules, lesson(4), lesson(3)))).toEqual([
      ['Lektion 1', 'Lektion 2', 'Lektion 4', 'Lektion 3'],
      [],
      [],
    ]);
    expect(names(lessonDraggedOver(modules, lesson(1), emptyModuleId(third)))).toEqual([
      ['Lektion 2', 'Lektion 3'],
      ['Lektion 4'],
      ['Lektion 1'],
    ]);
    // Within its own module the sortable list shows the place; over a module nothing changes.
    expect(lessonDraggedOver(modules, lesson(1), lesson(3))).toBeNull();
    expect(lessonDraggedOver(modules, lesson(1), second)).toBeNull();
  });

  it('drops the lesson in the place of the one it is over, or where it is shown', () => {
    const down = lessonDraggedOver(modules, lesson(3), lesson(4))!;
    expect(lessonDropped(modules, down, lesson(3), lesson(4))).toEqual({
      lesson: modules[0]!.lessons[2],
      moduleId: second,
      prevId: null,
    });
    expect(lessonDropped(modules, down, lesson(3), lesson(3))).toMatchObject({
      moduleId: second,
      prevId: lesson(4),
    });
    const up = lessonDraggedOver(modules, lesson(4), lesson(3))!;
    expect(lessonDropped(modules, up, lesson(4), lesson(3))).toMatchObject({
      moduleId: modules[0]!.id,
      prevId: lesson(3),
    });
    const intoEmpty = lessonDraggedOver(modules, lesson(1), emptyModuleId(third))!;
    expect(lessonDropped(modules, intoEmpty, lesson(1), emptyModuleId(third))).toMatchObject({
      moduleId: third,
      prevId: null,
    });
    // Within its module, and back where it was.
    expect(lessonDropped(modules, modules, lesson(1), lesson(2))).toMatchObject({
      moduleId: modules[0]!.id,
      prevId: lesson(2),
    });
    expect(lessonDropped(modules, modules, lesson(2), lesson(2))).toBeNull();
    expect(lessonDropped(modules, modules, lesson(2), null)).toBeNull();
  });
});
