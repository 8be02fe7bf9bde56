/*
 * The invite links' public module (issue 12 point 6): joining an app through a link (the invitations feature
 * answers the join screen), recording the joined person as a contact, and dropping a deleted tag from links.
 */
export { joinThroughLink, recordJoinContact } from './invitation-links.join.ts';
export { findOpenLinkByToken, removeTagFromLinks, type InvitationLinkRow } from './invitation-links.repo.ts';
