import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createRoutes } from '../../app/routes';
import { json, signInForTest, stubFetch } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { page, testProject } from '../../test/workspace-fixtures';

const project = testProject();

// This renders the whole route tree (lazy chunks included), which takes a while on a busy machine.
describe('courses dashboard', { timeout: 20_000 }, () => {
  it("lists every app's courses with enrolments and completion rates, and is in the project's navigation", async () => {
    signInForTest();
    stubFetch({
      [`GET /api/projects/${project.id}`]: () => json(200, { data: project }),
      'GET /api/projects': () => json(200, page([project])),
      [`GET /api/projects/${project.id}/courses`]: () =>
        json(
          200,
          page([
            {
              id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d6e01',
              appId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d5b01',
              appName: 'Yoga-Akademie',
              name: 'Yoga für den Rücken',
              slug: 'yoga-fuer-den-ruecken',
              type: 'course',
              isPublished: true,
              lessonsCount: 12,
              enrollments: 40,
              completions: 10,
              completionRate: 25,
            },
          ]),
        ),
    });
    renderRoutes(createRoutes('service'), { url: `/projects/${project.id}/courses` });

    const row = await screen.findByTestId('dashboard-course-yoga-fuer-den-ruecken');
    expect(row.textContent).toContain('Yoga für den Rücken');
    expect(row.textContent).toContain('Yoga-Akademie');
    expect(row.textContent).toContain('12 Lektionen');
    expect(within(row).getByText('25 %')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kurse');
    const nav = screen.getByTestId('project-nav');
    expect(within(nav).getAllByText('Kurse').length).toBeGreaterThan(0);
  });
});
