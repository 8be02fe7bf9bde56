/*
 * The tags feature's public module (issue 12 point 6): giving members tags, the default tags (blocked,
 * punished) every app has, and which tag ids are an app's own. Member features write profile tags through it.
 */
export {
  addProfileTags,
  ensureDefaultTags,
  findOwnTagIds,
  isUniqueViolation,
  type TagRow,
} from './tags.repo.ts';
