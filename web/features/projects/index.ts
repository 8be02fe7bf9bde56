// The projects feature's public module: what other features and the shell may use of it.
export * from './confirm-dialog';
export * from './format-date';
export * from './project-context';
export * from './projects-api';
export * from './project-usage';
export * from './projects-paths';
export * from './quota';
