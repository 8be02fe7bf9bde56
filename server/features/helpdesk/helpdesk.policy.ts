import type { HelpdeskAbility } from '../../../contracts/helpdesk.ts';
import type { AppRole, Sanction } from '../workspace/public.ts';

/*
 * Who may do what in the help desk (issue 20, docs/decisions/helpdesk.md). Pure rules over the caller's app
 * standing; helpdesk.access.ts loads it. One set of abilities holds for the whole help desk of an app: its
 * categories and published articles have no visibility of their own (unpublished articles: editors only).
 */

export type HelpdeskActor = {
  role: AppRole;
  sanction: Sanction;
  hasProfile: boolean;
  /** The app's `helpdesk` service is switched on. */
  serviceOn: boolean;
  /** The service's `isVisibleToGuests` setting. */
  guestsMayRead: boolean;
  /** The app grants `create_article` (owner, admins, app-managing team; not while punished or masquerading as less). */
  mayEdit: boolean;
};

const managerRoles: readonly AppRole[] = ['owner', 'admin', 'team'];
const participantRoles: readonly AppRole[] = ['owner', 'admin', 'team', 'moderator', 'member'];

/**
 * - blocked: nothing (the help desk is invisible);
 * - a switched-off service: only the managers, who may switch it on again, see it;
 * - on: participants read; guests and invited people read when the service lets guests in;
 * - vote: participants with a profile and without a sanction;
 * - edit: whoever the app grants `create_article`.
 */
export function helpdeskAbilities(actor: HelpdeskActor): HelpdeskAbility[] {
  if (actor.sanction === 'blocked') {
    return [];
  }
  const manager = managerRoles.includes(actor.role);
  const participant = participantRoles.includes(actor.role);
  const reads = actor.serviceOn ? participant || actor.guestsMayRead : manager;
  if (!reads) {
    return [];
  }
  const can: HelpdeskAbility[] = ['view'];
  if (participant && actor.hasProfile && actor.sanction === null) {
    can.push('vote');
  }
  if (actor.mayEdit) {
    can.push('edit');
  }
  return can;
}

/** An unpublished article exists only for those who edit the help desk. */
export function articleVisible(can: readonly HelpdeskAbility[], article: { isPublished: boolean }): boolean {
  return can.includes('view') && (article.isPublished || can.includes('edit'));
}
