import { courseLessons, courseModules, courses, playlistLessons, playlists } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

/**
 * The route-table tenant's course (`courses/:id`, its slug the page's): published, for members only, with one
 * module and one lesson holding a to-do, and a playlist of the tenant's member with that lesson — so no other
 * tenant and no guest may ever see their names.
 */
export const tenantFixture: TenantFixturePart = async ({ db, app, memberProfile }) => {
  const suffix = newId().slice(-8);
  const courseId = newId();
  const moduleId = newId();
  const lessonId = newId();
  const playlistId = newId();
  await db.insert(courses).values({
    id: courseId,
    appId: app.id,
    type: 'course',
    name: 'Geheimer Kurs A',
    slug: `kurs-a-${suffix}`,
    note: 'Kurs nur für Mandant A',
    isPublished: true,
    access: 'auth',
    lessonsCount: 1,
    modulesCount: 1,
  });
  await db
    .insert(courseModules)
    .values({ id: moduleId, courseId, name: 'Modul A', position: 1, lessonsCount: 1 });
  await db.insert(courseLessons).values({
    id: lessonId,
    appId: app.id,
    courseId,
    moduleId,
    slug: `lektion-a-${suffix}`,
    name: 'Geheime Lektion A',
    position: 1,
    bodyHtml: '<p>Lektion nur für Mandant A</p>',
    todoList: [{ id: 'todo-a', text: 'Aufgabe nur für Mandant A' }],
  });
  await db
    .insert(playlists)
    .values({ id: playlistId, appId: app.id, profileId: memberProfile.id, name: 'Liste A' });
  await db.insert(playlistLessons).values({ playlistId, lessonId, position: 1 });
  return {
    ids: {
      courseId,
      moduleId,
      lessonId,
      playlistId,
      courseSlug: `kurs-a-${suffix}`,
      lessonSlug: `lektion-a-${suffix}`,
      lessonTodoId: 'todo-a',
    },
    secrets: ['Geheimer Kurs A', 'Kurs nur für Mandant A', 'Geheime Lektion A', 'Lektion nur für Mandant A'],
  };
};
