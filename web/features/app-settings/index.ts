// The app-settings feature's public module: what other features and the shell may use of it.
export * from './settings-page-header';
export * from './settings-sections';
export * from './settings-query-page';
