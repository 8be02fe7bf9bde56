import { accountFeature } from './features/account/index.ts';
import { appsFeature } from './features/apps/index.ts';
import { articlesFeature } from './features/articles/index.ts';
import { coursesFeature } from './features/courses/index.ts';
import { eventsFeature } from './features/events/index.ts';
import { authFeature } from './features/auth/index.ts';
import { chatFeature } from './features/chat/index.ts';
import { cloudFeature } from './features/cloud/index.ts';
import { communityFeature } from './features/community/index.ts';
import { contactsFeature } from './features/contacts/index.ts';
import { customFieldsFeature } from './features/custom-fields/index.ts';
import { gamificationFeature } from './features/gamification/index.ts';
import { gifsFeature } from './features/gifs/index.ts';
import { helpdeskFeature } from './features/helpdesk/index.ts';
import { invitationLinksFeature } from './features/invitation-links/index.ts';
import { invitationsFeature } from './features/invitations/index.ts';
import { membersFeature } from './features/members/index.ts';
import { moderationFeature } from './features/moderation/index.ts';
import { notificationsFeature } from './features/notifications/index.ts';
import { profileFeature } from './features/profile/index.ts';
import { projectsFeature } from './features/projects/index.ts';
import { systemFeature } from './features/system/index.ts';
import { tagsFeature } from './features/tags/index.ts';
import { tasksFeature } from './features/tasks/index.ts';
import { teamFeature } from './features/team/index.ts';
import { ticketsFeature } from './features/tickets/index.ts';
import { workspaceFeature } from './features/workspace/index.ts';
import type { FeatureManifest } from './platform/features.ts';

/**
 * Every feature of the product, explicitly listed (issue 12 §5): the web role registers their routes, the
 * worker role their jobs, every process creates their queues, and the route-table suites fill their path
 * parameters from here. A new feature is its folder plus one line in this list.
 */
export const features: readonly FeatureManifest[] = [
  systemFeature,
  tasksFeature,
  authFeature,
  invitationsFeature,
  accountFeature,
  workspaceFeature,
  projectsFeature,
  appsFeature,
  profileFeature,
  teamFeature,
  contactsFeature,
  tagsFeature,
  gifsFeature,
  customFieldsFeature,
  invitationLinksFeature,
  membersFeature,
  cloudFeature,
  communityFeature,
  moderationFeature,
  notificationsFeature,
  chatFeature,
  ticketsFeature,
  helpdeskFeature,
  articlesFeature,
  eventsFeature,
  coursesFeature,
  gamificationFeature,
];
