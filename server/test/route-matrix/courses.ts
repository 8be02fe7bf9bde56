import { appAdmin, appMember, appModerator, appOwner, appRead } from '../expected-abilities.ts';
import type { Outcome, Role } from './expected.ts';

/*
 * The route matrix's expectations for the courses (issue 19), written by hand from the rules
 * (server/features/courses/courses.policy.ts's comment, docs/decisions/courses.md) and not computed by the
 * policy. The `courses` service is on (the default) and closed to guests; the fixture's course is published and
 * for members only, with one module and lesson. Members, moderators and managers see it; those with a profile
 * of their own and no sanction favourite, complete, tick to-dos and comment; the managers (owner, admins, the
 * app-managing team) change it and its modules and lessons. A punished member only reads; guests, invited
 * people, strangers and blocked members get 404; a refused masquerade is 403 on every app scope.
 *
 *   courses app       `courses-app(:appId)`, `course-category(:id)`: the app's abilities, for who sees courses;
 *   course / module / lesson   the fixture's course, module and lesson (they share the course's abilities);
 *   playlist          `playlist(:id)`: the fixture's playlist is the tenant's own member's, none of the roles
 *                     here: 404 for all (a refused masquerade: 403). member-tools.test.ts covers its owner.
 */

export const courseColumns = {
  'courses app': 'app',
  course: 'course',
  module: 'module',
  lesson: 'lesson',
  playlist: 'app',
} as const;

export const courseScopeColumns = {
  'courses-app(:appId)': 'courses app',
  'course-category(:id)': 'courses app',
  'course(:id)': 'course',
  'module(:id)': 'module',
  'lesson(:id)': 'lesson',
  'playlist(:id)': 'playlist',
} as const;

type CourseHoldings = Partial<Record<keyof typeof courseColumns, Outcome>>;

const content = (course: Outcome): CourseHoldings => ({ course, module: course, lesson: course });
const hidden: CourseHoldings = { 'courses app': 'not-found', ...content('not-found'), playlist: 'not-found' };
const refused: CourseHoldings = { 'courses app': [], ...content([]), playlist: [] };
const taking = ['view', 'favorite', 'complete', 'todo', 'comment'];
const managing = ['view', 'update', 'delete', 'create_module', 'create_season', 'create_lesson'];
const participant = (app: readonly string[]): CourseHoldings => ({
  'courses app': app,
  ...content(taking),
  playlist: 'not-found',
});
const manager = (app: readonly string[]): CourseHoldings => ({
  'courses app': app,
  playlist: 'not-found',
  ...content([...managing, 'favorite', 'complete', 'todo', 'comment']),
});
const managerWithoutProfile: CourseHoldings = {
  'courses app': appAdmin,
  ...content(managing),
  playlist: 'not-found',
};

export const courseHoldingsOf: Record<Role, CourseHoldings> = {
  owner: manager(appOwner),
  admin: manager(appAdmin),
  moderator: participant(appModerator),
  member: participant(appMember),
  invited: hidden,
  guest: hidden,
  'signed-in stranger': hidden,
  'blocked member': hidden,
  'punished member': { 'courses app': appRead, ...content(['view']), playlist: 'not-found' },
  'team member': managerWithoutProfile,
  'pending team member': hidden,
  'admin as member': participant(appMember),
  'admin as owner': refused,
  'admin as admin': refused,
  'team member as owner': refused,
  'team: no rights': hidden,
  'team: only edit': hidden,
  'team: only apps': managerWithoutProfile,
  'team: only files': hidden,
  'team: only plans': hidden,
  'team: only payment providers': hidden,
};
