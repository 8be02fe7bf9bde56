import type { AbilityName } from '../../../contracts/abilities.ts';
import type { AppAccess } from '../workspace/public.ts';

export type InvitationLinkAbility = AbilityName<'invitation'>;

/**
 * Invite-link rules: seeing them needs `view_invitations` (owner, admins, team, moderators; the list route asks
 * it); creating needs `create_invitation` (owner, admins, team), and whoever may create links and see them
 * edits and deletes them.
 */
export function invitationLinkAbilities(access: AppAccess): InvitationLinkAbility[] {
  return access.can.includes('view_invitations') && access.can.includes('create_invitation')
    ? ['edit', 'delete']
    : [];
}
