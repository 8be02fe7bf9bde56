import { z } from 'zod';

/** Closed value sets of the cloud file library (spec §2-§3, GAPS.md §3). Re-exported by enums.ts. */

export const cloudViewTypeValues = ['list', 'grid'] as const;
export type CloudViewType = (typeof cloudViewTypeValues)[number];
export const cloudViewTypeSchema = z.enum(cloudViewTypeValues);

export const fileUploadPresetValues = ['all', 'picture', 'audio', 'video', 'csv'] as const;
export type FileUploadPreset = (typeof fileUploadPresetValues)[number];
export const fileUploadPresetSchema = z.enum(fileUploadPresetValues);

/**
 * The spec calls two things "cloud entity type": file-or-folder (here: kind) and the media type of a file
 * (`type` field: audio, image, other, video). Distinct names keep them apart.
 */
export const cloudEntityKindValues = ['file', 'folder'] as const;
export type CloudEntityKind = (typeof cloudEntityKindValues)[number];
export const cloudEntityKindSchema = z.enum(cloudEntityKindValues);

export const cloudFileTypeValues = ['audio', 'image', 'other', 'video'] as const;
export type CloudFileType = (typeof cloudFileTypeValues)[number];
export const cloudFileTypeSchema = z.enum(cloudFileTypeValues);

/** Only the unfinished states have a value; a ready file has no status. */
export const cloudFileStatusValues = ['error', 'process'] as const;
export type CloudFileStatus = (typeof cloudFileStatusValues)[number];
export const cloudFileStatusSchema = z.enum(cloudFileStatusValues);

export const cloudPseudoFolderValues = [
  'fast_access',
  'latest',
  'favorite',
  'photo',
  'video',
  'document',
  'messages',
  'my',
  'removed',
  'audio',
] as const;
export type CloudPseudoFolder = (typeof cloudPseudoFolderValues)[number];
export const cloudPseudoFolderSchema = z.enum(cloudPseudoFolderValues);
