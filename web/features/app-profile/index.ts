// The app-profile feature's public module: what other features and the shell may use of it.
export * from './app-profile-paths';
export * from './profile-link-sections';
export { memberProfileQuery } from './app-profile-api';
