import type { FeatureManifest } from '../../platform/features.ts';
import { createNotifier } from '../notifications/public.ts';
import { communityCommentRoutes } from './comments.routes.ts';
import { communityPostRoutes } from './posts.routes.ts';
import { communityQueues, postsPublishedTo, publishJob } from './publish.job.ts';
import { containerRoutes } from './spaces.routes.ts';
import { communityPageHead } from './share-preview.ts';
import { communityShareRoutes } from './share.routes.ts';

/**
 * The community (issue 15): groups and spaces, communities categories and links, posts of both containers,
 * polls, comments and likes, the home feed and search. Rules: community.policy.ts; visibility and route scopes:
 * community.access.ts and community.scopes.ts; the model: docs/decisions/community-model.md.
 */
export const communityFeature: FeatureManifest = {
  name: 'community',
  routes: (context) => [
    ...communityCommentRoutes(context),
    ...containerRoutes(context),
    ...communityPostRoutes(context),
    ...communityShareRoutes(context),
  ],
  pageHead: communityPageHead,
  queues: communityQueues,
  jobs: ({ db, realtime, jobs, logger }) => [
    publishJob({ db, onPublished: postsPublishedTo(realtime, createNotifier({ realtime, jobs, logger })) }),
  ],
  pathParams: {
    groupId: 'groupId',
    'groups/:id': 'groupId',
    'spaces/:id': 'spaceId',
    'categories/:id': 'categoryId',
    'posts/:id': 'postId',
    'communities/posts/:id': 'communitiesPostId',
    'comments/:id': 'commentId',
    'links/:id': 'linkId',
    'votes/:id': 'voteId',
    // A share link's hash is itself the secret (server/test/route-table.ts credentialParams).
    shareHash: 'credential',
    slug: 'postSlug',
    // `{type}/{entityId}/follow`: the kind of entity and its id.
    type: 'followType',
    entityId: 'postId',
    groupSlug: 'groupSlug',
    spaceSlug: 'spaceSlug',
    categorySlug: 'categorySlug',
  },
};
