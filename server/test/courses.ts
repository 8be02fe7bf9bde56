import { expect } from 'vitest';
import type { CourseDetail, LessonSummary } from '../../contracts/courses-lessons.ts';
import { communityCaller, type CommunityApp, type Person } from './community-spaces.ts';
import type { TestServer } from './test-server.ts';

/*
 * Course set-up shared by the courses' test files: a published course of two modules of two lessons, its detail
 * as a member sees it, and the lesson action call.
 */

export type CourseModule = { id: string; lessons: LessonSummary[] };

export function courseKit(server: () => TestServer) {
  const call = communityCaller(server);

  /** A published course of the owner's with two modules of two lessons each (the first a video lesson). */
  async function courseWithLessons(tenant: CommunityApp, course: Record<string, unknown> = {}) {
    const made = await call('POST', `/api/apps/${tenant.app.id}/courses`, tenant.owner, {
      type: 'course',
      name: 'Achtsam führen',
      isPublished: true,
      ...course,
    });
    expect(made.statusCode, made.body).toBe(201);
    const courseId = made.json().data.id as string;
    const modules: CourseModule[] = [];
    for (const name of ['Woche 1', 'Woche 2']) {
      const module = await call('POST', `/api/courses/${courseId}/modules`, tenant.owner, { name });
      expect(module.statusCode, module.body).toBe(201);
      const lessons: LessonSummary[] = [];
      for (const [index, lessonName] of [`${name}: Einstieg`, `${name}: Übung`].entries()) {
        const lesson = await call('POST', `/api/modules/${module.json().data.id}/lessons`, tenant.owner, {
          name: lessonName,
          completion: index === 0 ? 'video' : 'manual',
        });
        expect(lesson.statusCode, lesson.body).toBe(201);
        lessons.push(lesson.json().data);
      }
      modules.push({ id: module.json().data.id, lessons });
    }
    return { courseId, slug: made.json().data.slug as string, modules };
  }

  const detailOf = async (courseId: string, who?: Person) => {
    const response = await call('GET', `/api/courses/${courseId}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: CourseDetail }>().data;
  };
  const actionsOf = (detail: CourseDetail) =>
    detail.modules.flatMap((module) => module.lessons.map((lesson) => lesson.lessonAction.action));
  const act = (lessonId: string, who: Person, body: object) =>
    call('PATCH', `/api/lessons/${lessonId}/action`, who, body);

  return { call, courseWithLessons, detailOf, actionsOf, act };
}
