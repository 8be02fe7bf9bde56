import type { AbilityName } from '../../../contracts/abilities.ts';
import type { AppRole, Sanction } from '../workspace/public.ts';

/*
 * The courses' rules (issue 19, docs/decisions/courses.md "Abilities"), pure predicates over loaded data:
 *   - the service: on, courses are seen by the app's members, and by guests and invited people when its
 *     `isVisibleToGuests` setting is on (their lessons open only in `free` courses); off, only the managers see it;
 *   - a course: the managers see every one (drafts too) and change it (update, delete, its modules and lessons);
 *     others see it once published — a `free` one also as a guest, an `auth` one as a member;
 *   - favourite, complete, to-dos and comments belong to members who see the course, unsanctioned (a punished
 *     member reads only). Whether a lesson is open to them (drip, order, time limit) is the lesson's action
 *     (course-access.ts), which the services check before they record anything.
 * A blocked member sees nothing.
 */

export type CourseAbility = AbilityName<'course'>;

export type CoursesActor = {
  role: AppRole;
  sanction: Sanction;
  profileId: string | null;
  /** The `courses` service is switched on. */
  serviceOn: boolean;
  /** Holds the app's `view`. */
  viewsApp: boolean;
  /** The service lets guests and invited people look at its `free` courses (`serviceSettings.courses`). */
  guestsMayView: boolean;
};

export type CourseFacts = { isPublished: boolean; isDeleted: boolean };

const managerRoles: readonly AppRole[] = ['owner', 'admin', 'team'];

export const isCoursesManager = (actor: CoursesActor) =>
  managerRoles.includes(actor.role) && actor.sanction !== 'blocked';

/** A member of the app (not a guest or an invited person). */
const isMember = (actor: CoursesActor) =>
  actor.profileId !== null && actor.role !== 'guest' && actor.role !== 'invited';

/** Whether the caller sees the courses service at all (else 404 everywhere in it). */
export function seesCourses(actor: CoursesActor): boolean {
  if (actor.sanction === 'blocked') {
    return false;
  }
  return (
    isCoursesManager(actor) || (actor.serviceOn && actor.viewsApp && (isMember(actor) || actor.guestsMayView))
  );
}

export function courseAbilities(actor: CoursesActor, course: CourseFacts): CourseAbility[] {
  if (!seesCourses(actor) || course.isDeleted) {
    return [];
  }
  if (isCoursesManager(actor)) {
    return [
      'view',
      'update',
      'delete',
      'create_module',
      'create_season',
      'create_lesson',
      ...(isMember(actor) ? (['favorite', 'complete', 'todo', 'comment'] as const) : []),
    ];
  }
  if (!course.isPublished) {
    return [];
  }
  // Guests see an `auth` course's page too: its lessons answer `denied` with `login` (course-access.ts).
  const can: CourseAbility[] = ['view'];
  if (isMember(actor) && actor.sanction === null) {
    can.push('favorite', 'complete', 'todo', 'comment');
  }
  return can;
}
