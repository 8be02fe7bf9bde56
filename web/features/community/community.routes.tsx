import { IconMessages, IconUsersGroup } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';
import { deprecatedRedirectRoutes } from './redirects';

// Each area is its own lazy chunk; a post's page (with the comments) is one more, shared by both areas.
const groups = () => loadChunk(() => import('./groups-screens'));
const posts = () => loadChunk(() => import('./post-screens'));
const communities = () => loadChunk(() => import('./communities-screens'));

const postPage = async () => ({ Component: (await posts()).PostPage });
const sharedPostPage = async () => ({ Component: (await posts()).SharedPostPage });

/** Spec §2 groups routes (ROUTE-59, -68..74): no guard of their own; the server decides what a visitor reads. */
const groupsRoutes: RouteObject = {
  path: 'groups',
  lazy: async () => ({ Component: (await groups()).GroupsLayout }),
  children: [
    { index: true, lazy: async () => ({ Component: (await groups()).GroupsFeedPage }) },
    { path: 'c/:groupSlug', lazy: async () => ({ Component: (await groups()).GroupSpacesPage }) },
    { path: 'c/:groupSlug/members', lazy: async () => ({ Component: (await groups()).GroupMembersPage }) },
    {
      path: 'g/:spaceSlug',
      lazy: async () => ({ Component: (await groups()).SpaceLayout }),
      children: [
        { index: true, lazy: async () => ({ Component: (await groups()).SpacePostsTab }) },
        { path: 'members', lazy: async () => ({ Component: (await groups()).SpaceMembersTab }) },
        { path: 'rules', lazy: async () => ({ Component: (await groups()).SpaceRulesTab }) },
      ],
    },
    { path: 'g/:spaceSlug/p/:postSlug', lazy: postPage },
    { path: 'g/:spaceSlug/share/:shareHash', lazy: sharedPostPage },
  ],
};

/** Spec §2 communities routes (ROUTE-60, -115..118). */
const communitiesRoutes: RouteObject = {
  path: 'communities',
  lazy: async () => ({ Component: (await communities()).CommunitiesLayout }),
  children: [
    { index: true, lazy: async () => ({ Component: (await communities()).CommunitiesPage }) },
    { path: 'p/:postSlug', lazy: postPage },
    { path: 'c/:categorySlug', lazy: async () => ({ Component: (await communities()).CategoryPage }) },
    { path: 'c/:categorySlug/p/:postSlug', lazy: postPage },
    { path: 'c/:categorySlug/share/:shareHash', lazy: sharedPostPage },
  ],
};

export const communityFeature: WebFeature = {
  name: 'community',
  routes: { app: [groupsRoutes, communitiesRoutes, ...deprecatedRedirectRoutes] },
  menus: {
    // RULE-58: the groups appear only while the service is on; the communities likewise.
    appMain: [
      {
        label: 'community.menu.groups',
        icon: IconUsersGroup,
        to: ({ app }) => `/${app.slug}/groups`,
        shows: ({ app }) => app.services.community,
      },
      {
        label: 'community.menu.communities',
        icon: IconMessages,
        to: ({ app }) => `/${app.slug}/communities`,
        shows: ({ app }) => app.services.communities,
      },
    ],
  },
};
