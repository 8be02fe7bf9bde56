// The project-settings feature's public module: what other features and the shell may use of it.
export * from './settings-header';
