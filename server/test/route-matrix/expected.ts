import { abilitiesBySubject } from '../../../contracts/abilities.ts';
import type { TeamSettings } from '../../db/schema/index.ts';
import {
  appAdmin,
  appMember,
  appModerator,
  appOwner,
  appRead,
  appVisitor,
  without,
} from '../expected-abilities.ts';
import { articleHoldingsOf } from './articles.ts';
import type { Column } from './columns.ts';
import { chatHoldingsOf } from './chat.ts';
import { courseHoldingsOf } from './courses.ts';
import { eventHoldingsOf } from './events.ts';
import { gamificationHoldingsOf } from './gamification.ts';
import { commentHoldingsOf } from './community-comments.ts';
import { containerHoldingsOf } from './community-containers.ts';
import { postHoldingsOf } from './community-posts.ts';
import { helpdeskHoldingsOf } from './helpdesk.ts';
import { moderationHoldingsOf } from './moderation.ts';
import { notificationHoldingsOf } from './notifications.ts';
import { ticketHoldingsOf } from './tickets.ts';

/*
 * The route × role matrix's expectations (issue 12 point 1), written by hand from the spec's rules (DESIGN §6,
 * the policies' comments) and NOT computed by the policies they check. For every role of one tenant and every
 * kind of route scope: what the role holds there —
 *   'not-found'  the scope's project, app, member area or resource is invisible to the role (404);
 *   a list      the abilities the role holds on the fixture's resource (a route asking another one: 403;
 *               an empty list is "visible, but refused", as for a blocked member or a refused masquerade).
 * Anonymous callers get 401 on every session route before any scope runs; their row matters for `optional`
 * routes only.
 */

export type Outcome = 'not-found' | readonly string[];

export type Role =
  | 'owner'
  | 'admin'
  | 'moderator'
  | 'member'
  | 'invited'
  | 'guest'
  | 'signed-in stranger'
  | 'blocked member'
  | 'punished member'
  | 'team member'
  | 'pending team member'
  | 'admin as member'
  | 'admin as owner'
  | 'admin as admin'
  | 'team member as owner'
  | 'team: no rights'
  | 'team: only edit'
  | 'team: only apps'
  | 'team: only files'
  | 'team: only plans'
  | 'team: only payment providers';

const projectOwner = abilitiesBySubject.project;
const cloudAll = abilitiesBySubject.cloud;
const refused: readonly string[] = [];

/** The "home" service's settings: the app's managers see them, whoever may change app settings edits them. */
const serviceManager = ['view', 'edit'];
/** Another member looked at (member routes): admins do everything, moderators moderate, members look. */
const memberByAdmin = ['view', 'edit', 'moderate', 'delete', 'resend_invitation', 'follow'];
const memberByModerator = ['view', 'moderate', 'resend_invitation', 'follow'];
const memberByMember = ['view', 'follow'];
/** One's own profile: the owner's profile cannot be deleted (the app would lose its owner). */
const ownProfile = ['view', 'edit', 'delete'];
/**
 * A member seen from the project (contacts): whoever sees the project reads it, whoever edits the project or
 * manages the member's app edits it. The app access is the caller's own: masquerade plays no part here.
 */
const generalByManager = ['view_general', 'edit'];

/** Where the cloud library of a role is, per host, and whether the fixture's file and folder are its own. */
export type Library = { service: Outcome; app: Outcome; ownsFixtureItems?: boolean };

export type Holdings = Partial<
  Record<Exclude<Column, 'library' | 'readable file' | 'own item' | 'folder, any owner'>, Outcome>
> & {
  library?: Partial<Library>;
  /** The project's team settings while this role is called (team members' rights are the project's). */
  teamSettings?: TeamSettings;
};

/** An app role's holdings in the member area and its resources (tags, fields, invite links). */
const appStaff = (app: readonly string[], manager: boolean): Holdings => ({
  app,
  'member area': app,
  'app project': refused,
  service: manager ? serviceManager : refused,
  tag: manager ? ['edit', 'delete'] : refused,
  'custom field': manager ? ['edit', 'delete', 'move'] : refused,
  'invite link': manager ? ['edit', 'delete'] : refused,
  library: { app: cloudAll },
});

export type TeamRight = 'edit' | 'apps' | 'files' | 'plans' | 'payment providers';

const teamSettingOf: Record<TeamRight, keyof TeamSettings> = {
  edit: 'canEditProject',
  apps: 'canManageApps',
  files: 'canViewFiles',
  plans: 'canManagePlans',
  'payment providers': 'canManagePaymentProviders',
};
const projectAbilityOf: Record<TeamRight, string> = {
  edit: 'edit',
  apps: 'apps',
  files: 'view_files',
  plans: 'create_plan',
  'payment providers': 'payment_provider',
};

/**
 * An active team member whose project grants exactly `rights` (spec §6 "Project", team settings): the project
 * is visible with view, view_apps and one ability per right; managing apps makes them an app manager
 * (without a profile of their own), viewing files opens the project's library on the service host.
 */
function teamMember(rights: readonly TeamRight[], settings?: TeamSettings): Holdings {
  const project = ['view', 'view_apps', ...rights.map((right) => projectAbilityOf[right])];
  const apps = rights.includes('apps');
  return {
    ...(apps
      ? appStaff(appAdmin, true)
      : { app: appVisitor, 'member area': 'not-found', service: refused, library: { app: 'not-found' } }),
    member: apps ? without(memberByAdmin, 'follow') : 'not-found',
    'app project': project,
    project,
    'project owner': refused,
    'team row': refused,
    contact: rights.includes('edit') ? ['view', 'delete'] : ['view'],
    'general profile': apps || rights.includes('edit') ? generalByManager : ['view_general'],
    library: { service: rights.includes('files') ? cloudAll : refused, app: apps ? cloudAll : 'not-found' },
    teamSettings:
      settings ??
      Object.fromEntries(
        (Object.keys(teamSettingOf) as TeamRight[]).map((right) => [
          teamSettingOf[right],
          rights.includes(right),
        ]),
      ),
  };
}

/**
 * A masquerade the engine must refuse: every scope that reads the app access answers 403. Scopes that do not
 * read the app (project, own profile, general profile, the service host's library) ignore the header: the
 * caller acts as themselves there.
 */
const refusedMasquerade: Holdings = {
  app: refused,
  'member area': refused,
  'app project': refused,
  service: refused,
  member: refused,
  tag: refused,
  'custom field': refused,
  'invite link': refused,
  library: { app: refused },
};

const defaultTeam = teamMember(['apps', 'files'], {});

export const holdingsOf: Record<Role, Holdings> = {
  owner: {
    ...appStaff(appOwner, true),
    'app project': projectOwner,
    'own profile': ['view', 'edit'],
    member: memberByAdmin,
    project: projectOwner,
    'project owner': projectOwner,
    'team row': ['edit', 'delete'],
    contact: ['view', 'delete'],
    'general profile': generalByManager,
    library: { service: cloudAll, app: cloudAll, ownsFixtureItems: true },
  },
  admin: {
    ...appStaff(appAdmin, true),
    'own profile': ownProfile,
    member: memberByAdmin,
    'general profile': generalByManager,
  },
  moderator: { ...appStaff(appModerator, false), 'own profile': ownProfile, member: memberByModerator },
  member: { ...appStaff(appMember, false), 'own profile': ownProfile, member: memberByMember },
  invited: { app: appVisitor, 'app project': refused, service: refused, 'own profile': ownProfile },
  guest: { app: appVisitor, service: refused },
  'signed-in stranger': { app: appVisitor, 'app project': refused, service: refused },
  // Blocked: the member area is theirs to see, but every ability is gone; their own profile stays theirs.
  'blocked member': {
    ...appStaff(refused, false),
    'own profile': ownProfile,
    member: refused,
    library: { app: refused },
  },
  // Punished: reading only, in the app and in the library.
  'punished member': {
    ...appStaff(appRead, false),
    'own profile': ownProfile,
    member: memberByMember,
    library: { app: ['view'] },
  },
  'team member': defaultTeam,
  'pending team member': { app: appVisitor, 'app project': refused, service: refused },
  // Masquerade only lowers rights: the viewed member's abilities within the admin's, no following as them,
  // their own library (a member without service-host files); project rights and the own profile stay the admin's.
  'admin as member': {
    ...appStaff(appMember, false),
    'own profile': ownProfile,
    member: ['view'],
    'general profile': generalByManager,
  },
  'admin as owner': { ...refusedMasquerade, 'own profile': ownProfile, 'general profile': generalByManager },
  'admin as admin': { ...refusedMasquerade, 'own profile': ownProfile, 'general profile': generalByManager },
  'team member as owner': {
    ...defaultTeam,
    ...refusedMasquerade,
    library: { service: cloudAll, app: refused },
  },
  'team: no rights': teamMember([]),
  'team: only edit': teamMember(['edit']),
  'team: only apps': teamMember(['apps']),
  'team: only files': teamMember(['files']),
  'team: only plans': teamMember(['plans']),
  'team: only payment providers': teamMember(['payment providers']),
};

export type Host = 'service' | 'app';

/**
 * What a role holds in a column. The cloud's item columns follow from the library (spec §6 "Cloud", issue 12):
 * the fixture's file and folder belong to the owner; only their owner changes them; the project's file
 * managers on the service host read others' files (view, favourite); a folder of someone else takes no
 * new folders but the refusal is the service's; anyone else's item is 404.
 */
export function outcomeOf(role: Role, column: Column, host: Host): Outcome {
  const holdings: Holdings = {
    ...holdingsOf[role],
    ...commentHoldingsOf[role],
    ...containerHoldingsOf[role],
    ...postHoldingsOf[role],
    ...moderationHoldingsOf[role],
    ...notificationHoldingsOf[role],
    ...chatHoldingsOf[role],
    ...articleHoldingsOf[role],
    ...ticketHoldingsOf[role],
    ...helpdeskHoldingsOf[role],
    ...eventHoldingsOf[role],
    ...courseHoldingsOf[role],
    ...gamificationHoldingsOf[role],
  };
  // A post by its slug names its app in `x-app-id`, which only the app host sends.
  if (column === 'post by slug' && host === 'service') {
    return 'not-found';
  }
  if (
    column !== 'library' &&
    column !== 'readable file' &&
    column !== 'own item' &&
    column !== 'folder, any owner'
  ) {
    return holdings[column] ?? 'not-found';
  }
  const library = holdings.library?.[host] ?? 'not-found';
  if (
    column === 'library' ||
    library === 'not-found' ||
    library.length === 0 ||
    holdings.library?.ownsFixtureItems
  ) {
    return library;
  }
  switch (column) {
    case 'readable file':
      return host === 'service'
        ? library.filter((name) => name === 'view' || name === 'favorite')
        : 'not-found';
    case 'own item':
      return 'not-found';
    case 'folder, any owner':
      return library.filter((name) => name === 'create_folder');
  }
}
