import { defineArea, type Scenario, type ScenarioContext } from '../lib/types.ts';
import { seedCourses, type CoursesSeed } from '../seed/courses.ts';

/*
 * Issue 19's budgets: the course page with the member's progress and every lesson's action (200 lessons in 20
 * modules, 10,000 members with progress) ≥ 40 % of the ceiling and p99 ≤ 50 ms; saving the player's position
 * ≥ 1,000 requests/s (each connection a member of its own, saving ever later positions of one lesson).
 */

type Detail = { data?: { modules?: { lessons?: { lessonAction?: { action?: string } }[] }[] } };

export const coursesArea = defineArea({
  name: 'courses',
  seed: seedCourses,
  summary: (data) => ({
    courses: data.courses,
    lessons: data.lessons,
    members: data.members,
    progressRows: data.progressRows,
  }),
  scenarios: (data, context) => courseScenarios(data, context),
});

async function courseScenarios(data: CoursesSeed, context: ScenarioContext): Promise<Scenario[]> {
  const reader = await context.authorization(data.readerAccountId);
  const savers = await Promise.all(data.saverAccountIds.map((id) => context.authorization(id)));
  const lessonId = data.lessonIds[150]!;
  let connection = 0;
  return [
    {
      name: 'GET course page (200 lessons, member progress)',
      method: 'GET',
      path: `/api/courses/${data.courseId}`,
      headers: { authorization: reader, 'accept-encoding': 'gzip, deflate, br, zstd' },
      check: (body) => {
        const lessons = (body as Detail).data?.modules?.flatMap((module) => module.lessons ?? []) ?? [];
        const completed = lessons.filter((lesson) => lesson.lessonAction?.action === 'completed').length;
        return lessons.length === 200 && completed === 99
          ? null
          : `expected 200 lessons, 99 completed; got ${lessons.length}, ${completed}`;
      },
      budget: { minShareOfCeiling: 0.4, maxP99Ms: 50 },
    },
    {
      name: 'PATCH lesson action (save position)',
      method: 'PATCH',
      path: `/api/lessons/${lessonId}/action`,
      requests: () => {
        const authorization = savers[connection++ % savers.length]!;
        let position = 0;
        return [
          {
            method: 'PATCH',
            path: `/api/lessons/${lessonId}/action`,
            headers: { authorization, 'content-type': 'application/json' },
            setupRequest: (request) => {
              position += 5;
              return {
                ...request,
                body: JSON.stringify({
                  action: 'continue',
                  positionSeconds: position % 600,
                  durationSeconds: 600,
                }),
              };
            },
          },
        ];
      },
      check: (body) =>
        (body as { data?: { action?: string } }).data?.action ? null : 'expected the lesson action',
      budget: { minRequestsPerSecond: 1000 },
    },
  ];
}
