import type { FeatureContext, FeatureManifest } from '../../platform/features.ts';
import { appHostOf } from '../apps/public.ts';
import { courseCategoryRoutes } from './course-categories.routes.ts';
import { courseContentRoutes } from './course-content.routes.ts';
import { createCourseScopes } from './courses.access.ts';
import { courseRoutes } from './courses.routes.ts';
import { memberToolRoutes } from './member-tools.routes.ts';

/**
 * Courses (issue 19): categories, courses of five types, modules and lessons, each member's progress, drip and
 * time limits, notes, to-dos, favourites and playlists. Access: course-access.ts (one function, GAPS 25);
 * decisions: docs/decisions/courses.md.
 */
export const coursesFeature: FeatureManifest = {
  name: 'courses',
  routes: (context) => {
    const deps = courseDepsOf(context);
    return [
      ...courseCategoryRoutes(deps),
      ...courseRoutes(deps),
      ...courseContentRoutes(deps),
      ...memberToolRoutes(deps),
    ];
  },
  pathParams: {
    'api/categories/:id': 'courseCategoryId',
    'courses/:id': 'courseId',
    'modules/:id': 'moduleId',
    'lessons/:id': 'lessonId',
    'playlists/:id': 'playlistId',
    courseSlug: 'courseSlug',
    lessonSlug: 'lessonSlug',
    todoId: 'lessonTodoId',
    lessonId: 'lessonId',
  },
};

export type CourseDeps = ReturnType<typeof courseDepsOf>;

function courseDepsOf({ db, config, urlSigner }: FeatureContext) {
  return {
    db,
    scopes: createCourseScopes(db),
    sign: (path: string) => urlSigner.sign(path),
    imageOrigins: [appHostOf(config).appBaseUrl, config.publicBaseUrl],
  };
}
