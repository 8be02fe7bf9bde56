import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../app/routes';
import { expectNoAxeViolations } from '../../test/axe';
import { callsTo, json, signInForTest, stubFetch, type Route } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { withLessonMoved } from './course-moves';
import {
  adminApp,
  appShellRoutes,
  coursePath,
  teamCan,
  testCourseDetail,
  testLessonSummary,
  testModule,
  uuid,
} from './courses-test-data';

beforeEach(() => {
  signInForTest();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const second = uuid(8202);
/** Two modules: lessons 1–3 in "Die ersten Akkorde", lesson 4 in "Erste Lieder". */
const modules = [
  testModule([testLessonSummary(1), testLessonSummary(2), testLessonSummary(3)]),
  testModule([testLessonSummary(4, { moduleId: second })], { id: second, name: 'Erste Lieder', position: 2 }),
];
const course = testCourseDetail(modules, { permissions: teamCan });

function open(routes: Record<string, Route>) {
  const fetchMock = stubFetch({
    ...appShellRoutes(adminApp),
    [coursePath('gitarre')]: () => json(200, { data: course }),
    ...routes,
  });
  renderRoutes(createRoutes('app'), { url: '/akademie/courses/c/gitarre', host: 'app' });
  return fetchMock;
}

/** A request that stays open, so the tests see the order the page shows before the server answers. */
const openRequest: Route = () => new Promise<Response>(() => undefined);

const namesIn = (element: HTMLElement) =>
  within(element)
    .getAllByTestId('lesson-row')
    .map((row) => within(row).getAllByRole('link')[0]?.textContent);

/** jsdom lays nothing out: each list row (and a module's empty drop place) gets a 60 px box in page order. */
function layOutRows() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const boxes = [...document.querySelectorAll('li, [data-open]')];
    const index = boxes.indexOf(this);
    return index === -1 ? new DOMRect(0, 0, 0, 0) : new DOMRect(0, index * 60, 600, 60);
  });
}

describe('ordering a course’s modules and lessons', { timeout: 30_000 }, () => {
  it('moves a module by keyboard drag and says so in German', async () => {
    layOutRows();
    const fetchMock = open({ [`PATCH /api/modules/${second}/move`]: openRequest });
    const handle = await screen.findByRole(
      'button',
      { name: '„Erste Lieder“ verschieben' },
      { timeout: 15_000 },
    );
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    // Picked up, and still in its place.
    await screen.findByText('„Erste Lieder“ ist jetzt an Position 2.');
    fireEvent.keyDown(handle, { code: 'ArrowUp', key: 'ArrowUp' });
    await screen.findByText('„Erste Lieder“ ist jetzt an Position 1.');
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await screen.findByText('„Erste Lieder“ abgelegt an Position 1.');
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/modules/${second}/move`)).toEqual([{ prevId: null }]),
    );
    const sections = screen.getAllByTestId('course-module');
    expect(sections.map((section) => within(section).getByRole('heading', { level: 3 }).textContent)).toEqual(
      ['Erste Lieder', 'Die ersten Akkorde'],
    );
    await waitFor(() => expect(document.activeElement).toBe(handle));
  });

  it('moves a lesson within its module by keyboard drag', async () => {
    layOutRows();
    const fetchMock = open({ [`PATCH /api/lessons/${uuid(8301)}/move`]: openRequest });
    const handle = await screen.findByRole(
      'button',
      { name: '„Lektion 1“ verschieben' },
      { timeout: 15_000 },
    );
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await screen.findByText('„Lektion 1“ ist jetzt in „Die ersten Akkorde“ an Position 1.');
    fireEvent.keyDown(handle, { code: 'ArrowDown', key: 'ArrowDown' });
    await screen.findByText('„Lektion 1“ ist jetzt in „Die ersten Akkorde“ an Position 2.');
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await screen.findByText('„Lektion 1“ abgelegt in „Die ersten Akkorde“ an Position 2.');
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/lessons/${uuid(8301)}/move`)).toEqual([
        { moduleId: uuid(8201), prevId: uuid(8302) },
      ]),
    );
    const [first] = screen.getAllByTestId('course-module');
    expect(namesIn(first!)).toEqual(['Lektion 2', 'Lektion 1', 'Lektion 3']);
  });

  it('drags a lesson by keyboard on into the next module', async () => {
    layOutRows();
    const fetchMock = open({ [`PATCH /api/lessons/${uuid(8303)}/move`]: openRequest });
    const handle = await screen.findByRole(
      'button',
      { name: '„Lektion 3“ verschieben' },
      { timeout: 15_000 },
    );
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await screen.findByText('„Lektion 3“ ist jetzt in „Die ersten Akkorde“ an Position 3.');
    fireEvent.keyDown(handle, { code: 'ArrowDown', key: 'ArrowDown' });
    // Shown in the next module at once; what is read out is where the drop puts it.
    await screen.findByText('„Lektion 3“ ist jetzt in „Erste Lieder“ an Position 2.');
    const [first, target] = screen.getAllByTestId('course-module');
    expect(namesIn(first!)).toEqual(['Lektion 1', 'Lektion 2']);
    // The row was drawn anew in its new list: the keys go on to the page.
    fireEvent.keyDown(document.body, { code: 'Space', key: ' ' });
    await screen.findByText('„Lektion 3“ abgelegt in „Erste Lieder“ an Position 2.');
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/lessons/${uuid(8303)}/move`)).toEqual([
        { moduleId: second, prevId: uuid(8304) },
      ]),
    );
    expect(namesIn(target!)).toEqual(['Lektion 4', 'Lektion 3']);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: '„Lektion 3“ verschieben' })),
    );
  });

  it('moves a lesson to the end of another module from its menu, says where and keeps the focus on it', async () => {
    const moved = testCourseDetail(
      [
        testModule([testLessonSummary(2), testLessonSummary(3)]),
        testModule([testLessonSummary(4, { moduleId: second }), testLessonSummary(1, { moduleId: second })], {
          id: second,
          name: 'Erste Lieder',
          position: 2,
        }),
      ],
      { permissions: teamCan },
    );
    let answer = course;
    const fetchMock = open({
      [coursePath('gitarre')]: () => json(200, { data: answer }),
      [`PATCH /api/lessons/${uuid(8301)}/move`]: () => {
        answer = moved;
        return json(200, {});
      },
    });
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'In ein anderes Modul verschieben: Lektion 1' },
        { timeout: 15_000 },
      ),
    );
    const menu = await screen.findByRole('menu');
    // Only the other modules are offered.
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Erste Lieder']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Erste Lieder' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/lessons/${uuid(8301)}/move`)).toEqual([
        { moduleId: second, prevId: uuid(8304) },
      ]),
    );
    const [first, target] = screen.getAllByTestId('course-module');
    expect(namesIn(first!)).toEqual(['Lektion 2', 'Lektion 3']);
    expect(namesIn(target!)).toEqual(['Lektion 4', 'Lektion 1']);
    expect(screen.getByTestId('course-moves-announcement').textContent).toBe(
      '„Lektion 1“ ist jetzt in „Erste Lieder“ an Position 2.',
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(within(target!).getByRole('link', { name: 'Lektion 1' })),
    );
    // The last module's lessons have nowhere else to go but back: the menu offers the first module.
    expect(
      within(target!).getByRole('button', { name: 'In ein anderes Modul verschieben: Lektion 4' }),
    ).toBeTruthy();
    await expectNoAxeViolations(screen.getByTestId('course-page'));
  });

  it('shows a move at once and brings the server’s order back when it is refused', async () => {
    let refuse: () => void = () => undefined;
    const fetchMock = open({
      [`PATCH /api/lessons/${uuid(8303)}/move`]: () =>
        new Promise<Response>((resolve) => {
          refuse = () => resolve(json(404, { code: 'NOT_FOUND', message: 'Not found' }));
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Nach oben: Lektion 3' }, { timeout: 15_000 }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/lessons/${uuid(8303)}/move`)).toEqual([
        { moduleId: uuid(8201), prevId: uuid(8301) },
      ]),
    );
    const [first] = screen.getAllByTestId('course-module');
    await waitFor(() => expect(namesIn(first!)).toEqual(['Lektion 1', 'Lektion 3', 'Lektion 2']));
    act(() => refuse());
    await waitFor(() => expect(namesIn(first!)).toEqual(['Lektion 1', 'Lektion 2', 'Lektion 3']));
    expect(callsTo(fetchMock, coursePath('gitarre')).length).toBeGreaterThan(1);
  });

  it('gives members no handles and no moves', async () => {
    stubFetch({
      ...appShellRoutes(adminApp),
      [coursePath('gitarre')]: () => json(200, { data: testCourseDetail(modules) }),
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/courses/c/gitarre', host: 'app' });
    await screen.findAllByTestId('lesson-row', {}, { timeout: 15_000 });
    expect(screen.queryAllByTestId('drag-handle')).toHaveLength(0);
    expect(screen.queryAllByTestId('lesson-move-module')).toHaveLength(0);
  });
});

describe('withLessonMoved', () => {
  const [a, b] = modules;
  it('reorders within a module and moves across modules as the server will', () => {
    const within1 = withLessonMoved(modules, a!.lessons[0]!, a!.id, uuid(8303));
    expect(within1[0]!.lessons.map((lesson) => lesson.name)).toEqual(['Lektion 2', 'Lektion 3', 'Lektion 1']);
    expect(within1[0]!.lessonsCount).toBe(3);

    const across = withLessonMoved(modules, a!.lessons[1]!, b!.id, null);
    expect(across[0]!.lessons.map((lesson) => lesson.name)).toEqual(['Lektion 1', 'Lektion 3']);
    expect(across[1]!.lessons.map((lesson) => [lesson.name, lesson.moduleId])).toEqual([
      ['Lektion 2', second],
      ['Lektion 4', second],
    ]);
    expect(across.map((module) => module.lessonsCount)).toEqual([2, 2]);
  });
});
