/*
 * Projects, tariffs, usage and apps (spec §3 Project and App fields, §7 "Projects, members", GAPS 7), one
 * module each so that a screen loads (and zod builds) only the schemas it uses; re-exported here for the
 * server's routes and the settings forms.
 */
export * from './apps.ts';
export * from './projects.ts';
export * from './service-settings.ts';
export * from './tariffs.ts';
