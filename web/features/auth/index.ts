// The auth feature's public module: what other features and the shell may use of it.
export * from './auth-api';
export * from './code/code-step';
export * from './code/use-code-challenge';
export * from './email-step';
