/*
 * The profile feature's public module (issue 12 point 6): the own-profile service (auth's identity call
 * reads the caller's profile through it), leaving an app, and the profile write the project's contacts
 * screen shares with the member's own profile form.
 */
export { createProfileService, removeProfileFromApp, type ProfileService } from './profile.service.ts';
export { updateLiveProfile, type ProfileChanges } from './profile.repo.ts';
export { ownProfileScope, type OwnProfileAccess } from './profile.scopes.ts';
