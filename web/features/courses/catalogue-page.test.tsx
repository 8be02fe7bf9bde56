import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../../contracts/apps';
import { createRoutes } from '../../app/routes';
import { expectNoAxeViolations } from '../../test/axe';
import { callsTo, json, signInForTest, stubFetch, urlOf, type Route } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { page } from '../../test/workspace-fixtures';
import {
  adminApp,
  appShellRoutes,
  coursePath,
  listPath,
  memberApp,
  teamCan,
  testCourse,
  testCourseDetail,
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

const started = testCourse({
  courseAction: 'continue',
  progress: {
    completedLessons: 1,
    percent: 33,
    nextLessonSlug: 'lektion-2',
    startedAt: '2026-10-01T10:00:00.000Z',
    completedAt: null,
  },
});
const fresh = testCourse({ id: uuid(8002), name: 'Aquarell', slug: 'aquarell', type: 'series' });
const done = testCourse({
  id: uuid(8003),
  name: 'Notenlesen',
  slug: 'noten',
  courseAction: 'completed',
  progress: {
    completedLessons: 3,
    percent: 100,
    nextLessonSlug: null,
    startedAt: '2026-09-01T10:00:00.000Z',
    completedAt: '2026-09-20T10:00:00.000Z',
  },
});

describe('the course catalogue', { timeout: 30_000 }, () => {
  it('shows each course with its type, lessons, progress and the member’s next step', async () => {
    const fetchMock = open('/akademie/courses', {
      [listPath]: () => json(200, page([started, fresh, done])),
    });
    await findHeading('Kurse');
    const cards = await screen.findAllByTestId('course-card');
    expect(cards).toHaveLength(3);
    const [first, second, third] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Kurs')).toBeTruthy();
    expect(within(first).getByText('3 Lektionen')).toBeTruthy();
    expect(within(first).getByTestId('course-card-percent').textContent).toBe('33 %');
    const resume = within(first).getByRole('link', { name: /^Fortsetzen/ });
    expect(resume.getAttribute('href')).toBe('/akademie/courses/l/lektion-2');
    expect(within(second).getByText('Serie')).toBeTruthy();
    expect(within(second).queryByTestId('course-card-percent')).toBeNull();
    expect(
      within(second)
        .getByRole('link', { name: /^Starten/ })
        .getAttribute('href'),
    ).toBe('/akademie/courses/c/aquarell');
    expect(within(third).getByRole('link', { name: /^Abgeschlossen/ })).toBeTruthy();
    expect(screen.queryByTestId('course-create')).toBeNull();

    // A category narrows the list on the server.
    fireEvent.click(screen.getByRole('radio', { name: 'Musik' }));
    await waitFor(() => {
      const asked = fetchMock.mock.calls
        .map(([input]) => new URL(urlOf(input), 'http://localhost'))
        .filter((url) => url.pathname.endsWith('/courses'));
      expect(asked.at(-1)?.searchParams.get('categoryId')).toBe(uuid(8101));
    });
    await expectNoAxeViolations(screen.getByTestId('courses-page'));
  });

  it('searches by name and says when nothing matches', async () => {
    const fetchMock = open('/akademie/courses', {
      [listPath]: (_init, url) => json(200, page(url.searchParams.get('search') ? [] : [fresh])),
    });
    await findHeading('Kurse');
    await screen.findAllByTestId('course-card');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Kurse durchsuchen' }), {
      target: { value: 'Zither' },
    });
    expect((await screen.findByTestId('courses-empty')).textContent).toContain(
      'Kein Kurs passt zu Ihrer Suche.',
    );
    const searched = fetchMock.mock.calls
      .map(([input]) => new URL(urlOf(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith('/courses'));
    expect(searched.at(-1)?.searchParams.get('search')).toBe('Zither');
  });

  it('creates a course from the form and opens its page', async () => {
    const created = testCourseDetail([], {
      name: 'Ukulele',
      slug: 'ukulele',
      lessonsCount: 0,
      permissions: teamCan,
    });
    const fetchMock = open(
      '/akademie/courses',
      {
        [listPath]: () => json(200, page([])),
        [`POST /api/apps/${adminApp.id}/courses`]: () => json(201, { data: created }),
        [coursePath('ukulele')]: () => json(200, { data: created }),
      },
      adminApp,
    );
    await findHeading('Kurse');
    fireEvent.click(screen.getByTestId('course-create'));
    const form = await screen.findByTestId('course-form');
    fireEvent.click(within(form).getByTestId('course-form-save'));
    expect(await within(form).findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();

    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Ukulele' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Für alle, auch Gäste' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /^Bezeichnung der Module/ }), {
      target: { value: 'Wochen' },
    });
    fireEvent.click(within(form).getByRole('switch', { name: 'Veröffentlicht' }));
    fireEvent.click(within(form).getByRole('switch', { name: /^Zugang zeitlich begrenzen/ }));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Zugang in Tagen' }), {
      target: { value: '90' },
    });
    fireEvent.click(within(form).getByTestId('course-form-save'));

    await findHeading('Ukulele');
    expect(callsTo(fetchMock, `POST /api/apps/${adminApp.id}/courses`)).toEqual([
      expect.objectContaining({
        name: 'Ukulele',
        type: 'course',
        access: 'free',
        isPublished: true,
        modulesName: 'Wochen',
        limitAccessByTime: 90,
        dripContent: false,
      }),
    ]);
  });
});
