// The tasks feature's public module: what other features and the shell may use of it.
export * from './task-progress';
export * from './task-storage';
export * from './use-task-progress';
