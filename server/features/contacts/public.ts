/*
 * The contacts feature's public module (issue 12 point 6): every feature that brings a person into a project
 * (a new project, app, team seat, invitation, import, join link) records them as a contact through it.
 */
export { ensureContact, type ContactSource } from './contacts.repo.ts';
