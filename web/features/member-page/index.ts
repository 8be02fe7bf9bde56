// The member-page feature's public module: what other features and the shell may use of it.
export * from './member-api';
export { memberInitialsOf, memberNameOf, memberPath } from './member-paths';
