/** Everything the server and the web share. Import from here or from the single file. */
export * from './abilities.ts';
export * from './cloud-filters.ts';
export * from './constants.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './invitation.ts';
export * from './language.ts';
export * from './lists.ts';
export * from './pagination.ts';
export * from './platform.ts';
export * from './profile.ts';
export * from './router.ts';
export * from './slug.ts';
export * from './tasks.ts';
export * from './upload-size.ts';
export * from './validation/index.ts';
export * from './video.ts';
