import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { cloudFileStatusSchema, cloudFileTypeSchema, cloudPseudoFolderValues } from './cloud-enums.ts';
import { uploadConflictValues } from './cloud-names.ts';
import { paginationMetaSchema } from './pagination.ts';
import { uploadLimitSchema } from './upload-size.ts';
import { maxLength, requiredString } from './validation/index.ts';
export { cloudStorageSchema } from './cloud-storage.ts';

/*
 * The cloud file library (spec §2–§9 "Cloud", rows CLOUD-01…27, GAPS 3–5, 8–14; docs/DECISIONS.md "Cloud").
 * A person's library in a project is the tree under their root folder "My files". Lists answer
 * `{data, meta: {files, folders, page, pages, total, rootId, folder}}`, folders before files.
 */

export const cloudLimits = {
  name: 255,
  pageSize: 50,
  maxPageSize: 100,
  idsPerRequest: 500,
  search: 100,
  extensions: 20,
  savedSearches: 50,
  fastAccess: 20,
  /** Names asked about in one name-conflict check (the web client asks in batches). */
  conflictNames: 100,
  /** Days an item stays in Removed before the purge job deletes it for good. */
  removedRetentionDays: 30,
  /** Hours an unfinished upload is kept before the expiry job deletes its bytes. */
  uploadExpiryHours: 24,
} as const;

/** The listed pseudo-folders, by the call that serves them (GAPS 8). */
export const folderContentTypeValues = ['latest', 'my', 'fast_access', 'removed'] as const;
export const fileListTypeValues = ['photo', 'video', 'document', 'audio', 'favorite', 'messages'] as const;
export type FolderContentType = (typeof folderContentTypeValues)[number];
export type FileListType = (typeof fileListTypeValues)[number];
// Both lists together are exactly the spec's pseudo-folders.
export const pseudoFolderCallOf = Object.fromEntries([
  ...folderContentTypeValues.map((type) => [type, 'folders/content'] as const),
  ...fileListTypeValues.map((type) => [type, 'files'] as const),
]) as Record<(typeof cloudPseudoFolderValues)[number], 'folders/content' | 'files'>;

export const cloudSortValues = [
  'name',
  '-name',
  'updatedAt',
  '-updatedAt',
  'createdAt',
  '-createdAt',
] as const;
export type CloudSort = (typeof cloudSortValues)[number];

export const cloudPermissionsSchema = z.object({ can: z.array(z.enum(abilitiesBySubject.cloud)) });

export const cloudFileInfoSchema = z.object({
  name: z.string(),
  originalName: z.string(),
  mimeType: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  size: z.number().int().min(0),
});

/** Signed, expiring addresses of the derived images (webp): grid tile, table row (40 px), preview. */
export const cloudThumbnailsSchema = z.object({
  tile: z.string(),
  table: z.string(),
  preview: z.string(),
});

export const cloudEntitySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isFolder: z.boolean(),
  isDeleted: z.boolean(),
  isFavorite: z.boolean(),
  /** The containing folder (null for a root "My files"). */
  parentId: z.uuid().nullable(),
  /** Files only. */
  fileInfo: cloudFileInfoSchema.nullable(),
  /** Signed, expiring address of the bytes (files only; for videos the converted mp4 once ready). */
  url: z.string().nullable(),
  thumbnails: cloudThumbnailsSchema.nullable(),
  type: cloudFileTypeSchema.nullable(),
  extension: z.string().nullable(),
  /** null when ready. */
  status: cloudFileStatusSchema.nullable(),
  encodeProgress: z.number().int().min(0).max(100).nullable(),
  durationMs: z.number().int().nullable(),
  isCustomThumbnail: z.boolean(),
  thumbId: z.uuid().nullable(),
  /** Whether the item lies in the caller's own library (false: someone else's file seen with isAnother). */
  isOwn: z.boolean(),
  /** When the item went to Removed (null when live); it is deleted for good `removedRetentionDays` later. */
  deletedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  permissions: cloudPermissionsSchema,
});
export type CloudEntity = z.infer<typeof cloudEntitySchema>;
export const cloudEntityResponseSchema = z.object({ data: cloudEntitySchema });
/** Moves and restores answer the items as they are now. */
export const cloudEntitiesResponseSchema = z.object({ data: z.array(cloudEntitySchema) });

export const cloudListMetaSchema = paginationMetaSchema.extend({
  /** Files and folders of the whole result (not only this page). */
  files: z.number().int().min(0),
  folders: z.number().int().min(0),
  /** The caller's "My files" root: where uploads from a pseudo-folder go (GAPS 9). */
  rootId: z.uuid(),
  /** The folder listed (real folders and "my"), else null. */
  folder: z.object({ id: z.uuid(), name: z.string(), parentId: z.uuid().nullable() }).nullable(),
});
export const cloudListSchema = z.object({ data: z.array(cloudEntitySchema), meta: cloudListMetaSchema });
export type CloudList = z.infer<typeof cloudListSchema>;

const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');
const dateQuery = z.iso.date().or(z.iso.datetime({ offset: true }));
const listValues = (inner: z.ZodType<string, string>, max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()))
    .transform((value) => value.filter(Boolean))
    .pipe(z.array(inner).max(max));

/** The filters both list calls accept (spec §7). Dates are creation dates, inclusive, in UTC. */
const cloudFilterShape = {
  sort: z.enum(cloudSortValues).default('-updatedAt'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(cloudLimits.maxPageSize).default(cloudLimits.pageSize),
  search: z.string().trim().max(cloudLimits.search).optional(),
  deleted: booleanQuery.optional(),
  isAnother: booleanQuery.optional(),
  ext: listValues(
    z
      .string()
      .max(16)
      .transform((value) => value.replace(/^\.+/, '').toLowerCase()),
    cloudLimits.extensions,
  ).optional(),
  dateFrom: dateQuery.optional(),
  dateTo: dateQuery.optional(),
};
export const folderContentQuerySchema = z.object({
  ...cloudFilterShape,
  type: z.enum(folderContentTypeValues).default('my'),
});
export const fileListQuerySchema = z.object({ ...cloudFilterShape, type: z.enum(fileListTypeValues) });
export const realFolderQuerySchema = z.object(cloudFilterShape);
export type CloudFilters = z.infer<typeof realFolderQuerySchema>;
export type FolderContentQuery = z.infer<typeof folderContentQuerySchema>;
export type FileListQuery = z.infer<typeof fileListQuerySchema>;

export const cloudProjectParamsSchema = z.object({ projectId: z.uuid() });
export const cloudIdParamsSchema = z.object({ id: z.uuid() });
export const folderParamsSchema = z.object({ folderId: z.uuid() });
export const targetFolderParamsSchema = z.object({ targetFolderId: z.uuid() });
export const moveTargetParamsSchema = z.object({ targetId: z.uuid() });

export const folderNameSchema = requiredString()
  .check(maxLength(cloudLimits.name))
  .transform((value) => value.trim());
export const createFolderBodySchema = z.object({ name: folderNameSchema });
export const renameFolderBodySchema = z.object({ name: folderNameSchema });
export const updateFileBodySchema = z
  .object({
    name: folderNameSchema.optional(),
    /** A custom thumbnail: an image of the caller's library. */
    thumbId: z.uuid().optional(),
    resetThumbnail: z.literal(true).optional(),
  })
  .refine((body) => !(body.thumbId && body.resetThumbnail), {
    message: 'validation.invalid',
    path: ['resetThumbnail'],
  });
/** `POST /folders/{folderId}/conflicts`: names of files about to be uploaded there. */
export const nameConflictsBodySchema = z.object({
  names: z
    .array(requiredString().check(maxLength(1024)))
    .min(1)
    .max(cloudLimits.conflictNames),
});
/** The names the folder holds already: the item holding it and the name "keep both" would give. */
export const nameConflictsResponseSchema = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      existing: z.string(),
      kind: z.enum(['file', 'folder']),
      suggestion: z.string(),
    }),
  ),
});
export type NameConflict = z.infer<typeof nameConflictsResponseSchema>['data'][number];
export const idsBodySchema = z.object({ ids: z.array(z.uuid()).min(1).max(cloudLimits.idsPerRequest) });
export const kindMoveBodySchema = z
  .object({
    folderIds: z.array(z.uuid()).max(cloudLimits.idsPerRequest).optional(),
    fileIds: z.array(z.uuid()).max(cloudLimits.idsPerRequest).optional(),
  })
  .refine((body) => (body.folderIds?.length ?? 0) + (body.fileIds?.length ?? 0) > 0, {
    message: 'validation.required',
    path: ['folderIds'],
  });

export type CloudFolderNode = { id: string; name: string; data: CloudFolderNode[] };
export const cloudFolderNodeSchema: z.ZodType<CloudFolderNode> = z.lazy(() =>
  z.object({ id: z.uuid(), name: z.string(), data: z.array(cloudFolderNodeSchema) }),
);
/** `GET /projects/{projectId}/cloud/tree`: the caller's "My files" with every folder below it. */
export const cloudTreeSchema = z.object({ data: cloudFolderNodeSchema });
/** `GET /folders/{folderId}/path`: ancestors from "My files" down to the folder itself. */
export const cloudPathSchema = z.object({
  data: z.array(z.object({ id: z.uuid(), name: z.string(), parentId: z.uuid().nullable() })),
});

export const uploadLimitsSchema = z.object({ data: z.array(uploadLimitSchema) });
export const mimeTypesSchema = z.object({
  data: z.array(
    z.object({ mimeType: z.string(), extensions: z.array(z.string()), type: cloudFileTypeSchema }),
  ),
});

export const savedSearchFiltersSchema = z.object({
  search: z.string().trim().max(cloudLimits.search).optional(),
  ext: z.array(z.string().max(16)).max(cloudLimits.extensions).optional(),
  dateFrom: dateQuery.optional(),
  dateTo: dateQuery.optional(),
  type: z.enum(cloudPseudoFolderValues).optional(),
});
export const savedSearchSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  filters: savedSearchFiltersSchema,
  createdAt: z.iso.datetime(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchBodySchema = z.object({
  name: requiredString().check(maxLength(100)),
  filters: savedSearchFiltersSchema,
});
export const savedSearchListSchema = z.object({ data: z.array(savedSearchSchema) });
export const savedSearchResponseSchema = z.object({ data: savedSearchSchema });

/**
 * tus upload metadata (`Upload-Metadata`, base64 values) the client sends when it creates an upload:
 * filename and filetype as tus-js-client names them, folderId (required, GAPS 9), hideInCloud, source and
 * the extra parameters as a JSON object of strings.
 */
export const uploadMetadataSchema = z.object({
  filename: requiredString().check(maxLength(1024)),
  filetype: z.string().max(255).default(''),
  folderId: z.uuid(),
  hideInCloud: z.enum(['true', 'false', '1', '0']).default('false'),
  source: z.enum(['cloud', 'chat', 'avatar', 'cover', 'post', 'lesson', 'app']).default('cloud'),
  extra: z.string().max(4096).optional(),
  /**
   * When the folder holds a file of that name already: `replace` moves that file to Removed, `keep-both`
   * stores this one as "name (2)". Without it the upload is refused at creation (409 NAME_TAKEN).
   */
  conflict: z.enum(uploadConflictValues).optional(),
});

/** The header the app host sends so the cloud check uses the app-level ability (spec §6 "Cloud"). */
export const cloudAppHeader = 'x-app-id';
