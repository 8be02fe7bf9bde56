import type { Course } from '../../../contracts/courses';
import type { CourseDetail, CourseModule, Lesson, LessonSummary } from '../../../contracts/courses-lessons';
import type { App } from '../../../contracts/apps';
import { json, testApp, type Route } from '../../test/fixtures';
import { page } from '../../test/workspace-fixtures';

/**
 * The courses' test data: the app "Akademie Nord" and its course "Gitarre für Einsteiger", shaped like the
 * server's answers (contracts/courses.ts). Anna reads in Europe/Berlin.
 */
export const uuid = (n: number) => `0190f5a2-7c1e-7b4e-9a55-${n.toString().padStart(12, '0')}`;

const viewer = {
  profileId: uuid(6001),
  sanction: null,
  punishedUntil: null,
  language: null,
  timezone: 'Europe/Berlin',
  avatarUrl: null,
};

/** Anna, a member. */
export const memberApp: App = { ...testApp, permissions: { can: ['view'] }, viewer };
/** The app's admin: creates courses too. */
export const adminApp: App = {
  ...testApp,
  permissions: { can: ['view', 'edit', 'create_course', 'create_category'] },
  viewer,
};

export const memberCan: Course['permissions'] = { can: ['view', 'favorite', 'complete', 'todo', 'comment'] };
export const teamCan: Course['permissions'] = {
  can: [
    'view',
    'update',
    'delete',
    'create_module',
    'create_lesson',
    'favorite',
    'complete',
    'todo',
    'comment',
  ],
};

const courseId = uuid(8001);

export function testCourse(overrides: Partial<Course> = {}): Course {
  return {
    id: courseId,
    appId: testApp.id,
    type: 'course',
    name: 'Gitarre für Einsteiger',
    slug: 'gitarre',
    note: 'Von den ersten Akkorden zum ersten Lied.',
    modulesName: '',
    cover: null,
    categories: [{ id: uuid(8101), name: 'Musik' }],
    speakers: [],
    isPublished: true,
    isShowedOnlyByDirectLink: false,
    isMadeModulesObligatory: true,
    isSpeakersShown: true,
    isMembersNotified: false,
    limitAccessByTime: null,
    dripContent: true,
    requiredStatusId: null,
    access: 'auth',
    modulesCount: 1,
    lessonsCount: 3,
    isFavorite: false,
    courseAction: 'start',
    progress: null,
    permissions: memberCan,
    createdAt: '2026-09-01T10:00:00.000Z',
    ...overrides,
  };
}

export function testLessonSummary(n: number, overrides: Partial<LessonSummary> = {}): LessonSummary {
  return {
    id: uuid(8300 + n),
    slug: `lektion-${n}`,
    name: `Lektion ${n}`,
    moduleId: uuid(8201),
    coverType: 'video',
    isActive: true,
    position: n,
    completion: 'video',
    dripDays: null,
    dripDate: null,
    durationSeconds: 600,
    lessonAction: { action: 'continue', reason: null, unlocksAt: null },
    progress: null,
    ...overrides,
  };
}

export function testModule(lessons: LessonSummary[], overrides: Partial<CourseModule> = {}): CourseModule {
  return {
    id: uuid(8201),
    courseId,
    name: 'Die ersten Akkorde',
    cover: null,
    position: 1,
    dripDays: null,
    dripDate: null,
    lessonsCount: lessons.length,
    lessons,
    ...overrides,
  };
}

export function testCourseDetail(modules: CourseModule[], overrides: Partial<Course> = {}): CourseDetail {
  return { ...testCourse(overrides), modules };
}

/** Lesson 2 of the course: a library video Anna stopped at 1:12 of 10 minutes. */
export function testLesson(overrides: Partial<Lesson> = {}): Lesson {
  return {
    ...testLessonSummary(2, {
      progress: { positionSeconds: 72, durationSeconds: 600, completedAt: null },
    }),
    course: {
      id: courseId,
      slug: 'gitarre',
      name: 'Gitarre für Einsteiger',
      type: 'course',
      modulesName: '',
    },
    module: { id: uuid(8201), name: 'Die ersten Akkorde' },
    body: '<p>Heute lernen wir den G-Dur-Akkord.</p>',
    speakersNote: '',
    videos: [
      {
        kind: 'file',
        fileId: uuid(8401),
        name: 'g-dur.mp4',
        url: '/api/cloud/files/g-dur.mp4',
        posterUrl: null,
        durationSeconds: 600,
      },
    ],
    pictures: [],
    audios: [],
    attachments: [],
    links: [],
    todoList: [
      { id: 't1', text: 'Gitarre stimmen', done: true },
      { id: 't2', text: 'G-Dur zehnmal greifen', done: false },
    ],
    speakers: [],
    commentsCount: 0,
    note: '',
    previousLessonSlug: 'lektion-1',
    nextLessonSlug: 'lektion-3',
    permissions: memberCan,
    ...overrides,
  };
}

/** What the app's shell reads around a screen, and the app's categories. */
export const appShellRoutes = (app: App): Record<string, Route> => ({
  'GET /api/router': () => json(200, { type: 'app', entity: null, app }),
  [`GET /api/apps/${app.id}/notifications/counters`]: () => json(200, { notifications: 0 }),
  [`GET /api/apps/${app.id}/categories`]: () =>
    json(
      200,
      page([
        { id: uuid(8101), name: 'Musik', position: 1, coursesCount: 1 },
        { id: uuid(8102), name: 'Kunst', position: 2, coursesCount: 0 },
      ]),
    ),
});

export const listPath = `GET /api/apps/${testApp.id}/courses`;
export const coursePath = (slug: string) => `GET /api/apps/${testApp.id}/courses/c/${slug}`;
export const lessonPath = (slug: string) => `GET /api/apps/${testApp.id}/courses/l/${slug}`;

/** Clara speaks in the course already; Ben is a member the team may add. */
export const claraSpeaker = { id: uuid(6101), name: 'Clara Weber', avatarUrl: null };
export const benMember = {
  id: uuid(6102),
  firstName: 'Ben',
  lastName: 'Maier',
  avatarId: null,
  type: 'member',
};

/** `GET /apps/{id}/profiles/dropdown`: the members whose name holds the search. */
export const membersDropdownRoute = (app: App): Record<string, Route> => ({
  [`GET /api/apps/${app.id}/profiles/dropdown`]: (_init, url) => {
    const search = url.searchParams.get('search')?.toLowerCase() ?? '';
    const found = [benMember].filter((member) => member.firstName.toLowerCase().includes(search));
    return json(200, { data: found, meta: { page: 1, pages: 1, total: found.length } });
  },
});
