import type { FeatureContext, FeatureManifest } from '../../platform/features.ts';
import { appHostOf } from '../apps/public.ts';
import { registerCommentEntity } from '../community/public.ts';
import { courseCategoryRoutes } from './course-categories.routes.ts';
import { courseContentRoutes } from './course-content.routes.ts';
import { courseNoticeQueues, courseNoticesJobOf } from './course-notices.job.ts';
import { createCourseScopes } from './courses.access.ts';
import { courseRoutes } from './courses.routes.ts';
import { lessonCommentEntity } from './lessons.comments.ts';
import { memberToolRoutes } from './member-tools.routes.ts';
import { createPodcastFeedService, podcastFeedKeyOf } from './podcast-feeds.service.ts';
import { podcastRoutes } from './podcasts.routes.ts';

// Members comment on lessons with the community's comments engine (lessons.comments.ts).
registerCommentEntity('lesson', lessonCommentEntity);

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
      ...podcastRoutesOf(context, deps),
    ];
  },
  queues: { ...courseNoticeQueues },
  jobs: (context) => [courseNoticesJobOf(context)],
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
    // The private podcast feed's token is itself the secret (server/test/route-table.ts credentialParams);
    // an episode is a lesson id with the media's extension.
    feedToken: 'credential',
    episode: 'lessonId',
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

/** Private podcast feeds of podcast courses (podcasts.routes.ts). */
function podcastRoutesOf({ db, config, codePepper }: FeatureContext, deps: CourseDeps) {
  const podcasts = createPodcastFeedService({
    db,
    sign: deps.sign,
    appBaseUrl: appHostOf(config).appBaseUrl,
    feedKey: podcastFeedKeyOf(codePepper),
  });
  return podcastRoutes({ podcasts, scopes: deps.scopes });
}
