// The explicit list of every area's tables; drizzle-kit and the database client read it.
export * from './platform.ts';
export * from './identity.ts';
export * from './workspace.ts';
export * from './members.ts';
export * from './cloud.ts';
export * from './community.ts';
export * from './notifications.ts';
export * from './chat.ts';
export * from './helpdesk.ts';
export * from './tickets.ts';
export * from './events.ts';
export * from './courses.ts';
export * from './gamification.ts';
