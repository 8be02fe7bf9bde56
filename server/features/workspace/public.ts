/*
 * The workspace's public module: what other features may use of it (issue 12 point 6). The permission engine
 * (access, route scopes, the app and project policies) is shared by every feature; of the repository only the
 * row types and the few writes that create the workspace's own rows (a project, an app, a profile) are here.
 */
export * from './access.ts';
export * from './scopes.ts';
export * from './app.policy.ts';
export * from './project.policy.ts';
export {
  findLiveAppBySlug,
  findProjectById,
  insertApp,
  insertProfile,
  insertProject,
  type AppRow,
  type ProfileRow,
  type ProjectRow,
} from './workspace.repo.ts';
