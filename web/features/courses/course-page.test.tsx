import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../../contracts/apps';
import { createRoutes } from '../../app/routes';
import { expectNoAxeViolations } from '../../test/axe';
import { callsTo, json, signInForTest, stubFetch, type Route } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import {
  adminApp,
  appShellRoutes,
  coursePath,
  memberApp,
  teamCan,
  testCourseDetail,
  testLessonSummary,
  testModule,
  uuid,
} from './courses-test-data';

beforeEach(() => {
  signInForTest();
});

function open(url: string, routes: Record<string, Route>, app: App = memberApp) {
  const fetchMock = stubFetch({ ...appShellRoutes(app), ...routes });
  renderRoutes(createRoutes('app'), { url, host: 'app' });
  return fetchMock;
}

const findHeading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 15_000 });

const progress = (percent: number, nextLessonSlug: string | null) => ({
  completedLessons: 1,
  percent,
  nextLessonSlug,
  startedAt: '2026-10-01T10:00:00.000Z',
  completedAt: null,
});

/** Lesson 1 done, lesson 2 begun, lesson 3 waits for lesson 2, the second module opens on 1 December. */
const modules = [
  testModule([
    testLessonSummary(1, {
      lessonAction: { action: 'completed', reason: null, unlocksAt: null },
      progress: { positionSeconds: 600, durationSeconds: 600, completedAt: '2026-10-02T10:00:00.000Z' },
    }),
    testLessonSummary(2, { progress: { positionSeconds: 72, durationSeconds: 600, completedAt: null } }),
    testLessonSummary(3, {
      lessonAction: { action: 'locked', reason: 'not_completed_previous_lessons', unlocksAt: null },
    }),
  ]),
  testModule(
    [
      testLessonSummary(4, {
        moduleId: uuid(8202),
        lessonAction: { action: 'locked', reason: 'drip_content', unlocksAt: '2026-11-30T23:00:00.000Z' },
      }),
    ],
    { id: uuid(8202), name: 'Erste Lieder', position: 2, dripDate: '2026-12-01' },
  ),
];

describe('the course page', { timeout: 30_000 }, () => {
  it('shows the progress, the continue button and each lesson’s state', async () => {
    open('/akademie/courses/c/gitarre', {
      [coursePath('gitarre')]: () =>
        json(200, {
          data: testCourseDetail(modules, { courseAction: 'continue', progress: progress(33, 'lektion-2') }),
        }),
    });
    await findHeading('Gitarre für Einsteiger');
    expect(screen.getByTestId('course-percent').textContent).toBe('33 %');
    expect(screen.getByRole('progressbar', { name: 'Fortschritt in Gitarre für Einsteiger' })).toBeTruthy();
    expect(screen.getByTestId('course-continue').textContent).toBe('Fortsetzen');
    expect(screen.getByTestId('course-continue').getAttribute('href')).toBe('/akademie/courses/l/lektion-2');
    expect(screen.getByRole('heading', { level: 2, name: 'Module' })).toBeTruthy();

    const rows = screen.getAllByTestId('lesson-row');
    const states = rows.map((row) => within(row).queryByTestId('lesson-state')?.textContent ?? '');
    expect(states).toEqual([
      'Abgeschlossen',
      'Begonnen',
      'Schließen Sie zuerst die vorherigen Lektionen ab.',
      'Verfügbar ab 1. Dezember 2026',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Lektion 1' }).getAttribute('href')).toBe(
      '/akademie/courses/l/lektion-1',
    );
    // Members get no tools of the team.
    expect(screen.queryByTestId('module-add')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Nach unten/ })).toBeNull();
    await expectNoAxeViolations(screen.getByTestId('course-page'));
  });

  it('starts at the first open lesson and says when the access has expired', async () => {
    const expired = testModule([
      testLessonSummary(1, {
        lessonAction: { action: 'locked', reason: 'access_limit_by_time', unlocksAt: null },
      }),
      testLessonSummary(2),
    ]);
    open('/akademie/courses/c/gitarre', {
      [coursePath('gitarre')]: () =>
        json(200, { data: testCourseDetail([expired], { modulesName: 'Wochen' }) }),
    });
    await findHeading('Gitarre für Einsteiger');
    expect(screen.getByTestId('course-continue').textContent).toBe('Starten');
    expect(screen.getByTestId('course-continue').getAttribute('href')).toBe('/akademie/courses/l/lektion-2');
    expect(screen.getByRole('heading', { level: 2, name: 'Wochen' })).toBeTruthy();
    expect(screen.getAllByTestId('lesson-state')[0]?.textContent).toBe('Ihr Zugang ist abgelaufen.');
  });

  it('shows a finished course as completed', async () => {
    const finished = testModule([
      testLessonSummary(1, {
        lessonAction: { action: 'completed', reason: null, unlocksAt: null },
        progress: { positionSeconds: 0, durationSeconds: null, completedAt: '2026-10-02T10:00:00.000Z' },
      }),
    ]);
    open('/akademie/courses/c/gitarre', {
      [coursePath('gitarre')]: () =>
        json(200, {
          data: testCourseDetail([finished], {
            courseAction: 'completed',
            progress: progress(100, 'lektion-1'),
          }),
        }),
    });
    await findHeading('Gitarre für Einsteiger');
    expect(screen.getByTestId('course-percent').textContent).toBe('100 %');
    expect(screen.getByTestId('course-continue').textContent).toBe('Abgeschlossen');
  });

  it('lets the course’s team reorder lessons and modules with buttons and switch a lesson off', async () => {
    const fetchMock = open(
      '/akademie/courses/c/gitarre',
      {
        [coursePath('gitarre')]: () =>
          json(200, { data: testCourseDetail(modules, { permissions: teamCan }) }),
        [`PATCH /api/lessons/${uuid(8301)}/move`]: () => json(200, {}),
        [`PATCH /api/modules/${uuid(8202)}/move`]: () => json(200, {}),
        [`DELETE /api/lessons/${uuid(8302)}/active`]: () => new Response(null, { status: 204 }),
      },
      adminApp,
    );
    await findHeading('Gitarre für Einsteiger');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Nach oben: Lektion 1' }).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Nach unten: Lektion 1' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/lessons/${uuid(8301)}/move`)).toEqual([
        { moduleId: uuid(8201), prevId: uuid(8302) },
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Nach oben: Erste Lieder' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/modules/${uuid(8202)}/move`)).toEqual([{ prevId: null }]),
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Aktiv: Lektion 2' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `DELETE /api/lessons/${uuid(8302)}/active`)).toHaveLength(1),
    );
    expect(screen.getByText('Öffnet am 1. Dezember 2026')).toBeTruthy();
    expect(screen.getAllByTestId('lesson-add')).toHaveLength(2);
    await expectNoAxeViolations(screen.getByTestId('course-page'));
  });
});
