import { articleColumns, articleScopeColumns } from './articles.ts';
import { chatColumns, chatScopeColumns } from './chat.ts';
import { courseColumns, courseScopeColumns } from './courses.ts';
import { eventColumns, eventScopeColumns } from './events.ts';
import { gamificationColumns, gamificationScopeColumns } from './gamification.ts';
import { rewardShopScopeColumns } from './rewards-shop.ts';
import { commentColumns, commentScopeColumns } from './community-comments.ts';
import { helpdeskColumns, helpdeskScopeColumns } from './helpdesk.ts';
import { containerColumns, containerScopeColumns } from './community-containers.ts';
import { postColumns, postScopeColumns } from './community-posts.ts';
import { moderationColumns, moderationScopeColumns } from './moderation.ts';
import { notificationColumns, notificationScopeColumns } from './notifications.ts';
import { ticketColumns, ticketScopeColumns } from './tickets.ts';

/** The kinds of scope: one column of the matrix each, with the ability subject its routes ask for. */
export const columns = {
  app: 'app',
  'member area': 'app',
  'app project': 'project',
  service: 'service',
  'own profile': 'profile',
  member: 'profile',
  project: 'project',
  'project owner': 'project',
  'team row': 'team_member',
  tag: 'tag',
  'custom field': 'custom_field',
  'invite link': 'invitation',
  contact: 'contact',
  'general profile': 'profile',
  library: 'cloud',
  'readable file': 'cloud',
  'own item': 'cloud',
  'folder, any owner': 'cloud',
  ...commentColumns,
  ...containerColumns,
  ...postColumns,
  ...moderationColumns,
  ...notificationColumns,
  ...chatColumns,
  ...articleColumns,
  ...ticketColumns,
  ...helpdeskColumns,
  ...eventColumns,
  ...courseColumns,
  ...gamificationColumns,
} as const;

export type Column = keyof typeof columns;

/**
 * The scope labels of the route snapshot and the column each one is. A new label fails the matrix until it is
 * added here (and, for a new kind of scope, a column with every role's holdings).
 */
export const columnOfScope: Record<string, Column> = {
  'app(:appId)': 'app',
  'app(:appId, archived)': 'app',
  'app-members(:appId)': 'member area',
  'app-project(:appId, archived)': 'app project',
  'service(:appId, :service)': 'service',
  'own-profile(:appId)': 'own profile',
  'member(:id)': 'member',
  'project(:id)': 'project',
  'project(:projectId)': 'project',
  'project-owner(:id)': 'project owner',
  'team-member(:teamMemberId)': 'team row',
  'tag(:id)': 'tag',
  'custom-field(:id)': 'custom field',
  'invitation-link(:id)': 'invite link',
  'contact(:contactId)': 'contact',
  'general-profile(:profileId)': 'general profile',
  'cloud(:projectId)': 'library',
  'cloud-file(:id)': 'readable file',
  'cloud-file(:id, own)': 'own item',
  'cloud-folder(:id)': 'own item',
  'cloud-folder(:id, own)': 'own item',
  'cloud-folder(:folderId)': 'own item',
  'cloud-folder(:folderId, any owner)': 'folder, any owner',
  'cloud-items(body ids)': 'own item',
  'cloud-search(:id)': 'own item',
  // The event categories answer with their app's abilities (they are the app's event settings).
  'event-category(:id)': 'app',
  ...commentScopeColumns,
  ...containerScopeColumns,
  ...postScopeColumns,
  ...moderationScopeColumns,
  ...notificationScopeColumns,
  ...chatScopeColumns,
  ...articleScopeColumns,
  ...ticketScopeColumns,
  ...helpdeskScopeColumns,
  ...eventScopeColumns,
  ...courseScopeColumns,
  ...gamificationScopeColumns,
  ...rewardShopScopeColumns,
};
