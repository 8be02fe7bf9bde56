/*
 * The invitations feature's public module (issue 12 point 6): personal invitations into an app (issuing,
 * closing, the type the newest one grants) and the live profile an invitation upgrades.
 */
export {
  closeOpenInvitations,
  findLatestInvitationType,
  findLiveProfileId,
  insertInvitation,
  setProfileType,
} from './invitations.repo.ts';
