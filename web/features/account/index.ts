// The account feature's public module: what other features and the shell may use of it.
export * from './account-layout';
export * from './account-menu';
export * from './account-paths';
export * from './email-change';
export * from './timezone-select';
export * from './use-sign-out';
// The identity block's styles (name, email beside the avatar), shared with the app profile.
export { default as accountClasses } from './account.module.css';
