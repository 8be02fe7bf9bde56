import { and, eq, inArray } from 'drizzle-orm';
import type { CloudEntity } from '../../../contracts/cloud.ts';
import type { DbOrTx } from '../../db/client.ts';
import { cloudFavorites, cloudFiles, type cloudFolders, type CloudVariants } from '../../db/schema/index.ts';
import type { CloudAbility, CloudAccess } from './cloud.access.ts';

export type CloudFileRow = typeof cloudFiles.$inferSelect;
export type CloudFolderRow = typeof cloudFolders.$inferSelect;

/** The variants a signed blob address may name; `original` is the uploaded bytes. */
export const blobVariantValues = ['original', 'tile', 'table', 'preview', 'poster', 'video'] as const;
export type BlobVariant = (typeof blobVariantValues)[number];

export const blobPath = (fileId: string, variant: BlobVariant) => `/api/cloud/blobs/${fileId}/${variant}`;

export type UrlSign = (path: string) => string;

type PresentContext = {
  access: Pick<CloudAccess, 'accountId' | 'can'>;
  sign: UrlSign;
  favorites: ReadonlySet<string>;
  /** Variants of the custom thumbnails in use, by file id. */
  customThumbs: ReadonlyMap<string, CloudVariants>;
};

// Someone else's file (seen with isAnother): look at it and keep it as a favourite, nothing else.
const othersAbilities: readonly CloudAbility[] = ['view', 'favorite'];

function itemAbilities(ownerAccountId: string, context: PresentContext): CloudAbility[] {
  if (ownerAccountId !== context.access.accountId) {
    return othersAbilities.filter((ability) => context.access.can.includes(ability) || ability === 'view');
  }
  return [...context.access.can];
}

function thumbnailsOf(fileId: string, variants: CloudVariants, sign: UrlSign): CloudEntity['thumbnails'] {
  if (!variants.tile || !variants.table || !variants.preview) {
    return null;
  }
  return {
    tile: sign(blobPath(fileId, 'tile')),
    table: sign(blobPath(fileId, 'table')),
    preview: sign(blobPath(fileId, 'preview')),
  };
}

export function fileEntity(row: CloudFileRow, context: PresentContext): CloudEntity {
  const custom = row.thumbFileId ? context.customThumbs.get(row.thumbFileId) : undefined;
  // A video plays from its converted mp4; until that exists (or if it failed) there is nothing to stream.
  // Other files are their original bytes, also while thumbnails are made or when that failed (the preview
  // then offers the original for download).
  const urlVariant: BlobVariant | null =
    row.type === 'video' ? (row.variants.video ? 'video' : null) : 'original';
  return {
    id: row.id,
    name: row.name,
    isFolder: false,
    isDeleted: row.deletedAt !== null,
    isFavorite: context.favorites.has(row.id),
    parentId: row.folderId,
    fileInfo: {
      name: row.name,
      originalName: row.originalName,
      mimeType: row.mimeType,
      width: row.width,
      height: row.height,
      size: row.size,
    },
    url: urlVariant ? context.sign(blobPath(row.id, urlVariant)) : null,
    thumbnails:
      custom && row.thumbFileId
        ? thumbnailsOf(row.thumbFileId, custom, context.sign)
        : thumbnailsOf(row.id, row.variants, context.sign),
    type: row.type,
    extension: row.extension,
    status: row.status,
    encodeProgress: row.status === 'process' ? row.encodeProgress : null,
    durationMs: row.durationMs,
    isCustomThumbnail: Boolean(row.thumbFileId && custom),
    thumbId: row.thumbFileId,
    isOwn: row.ownerAccountId === context.access.accountId,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    permissions: { can: itemAbilities(row.ownerAccountId, context) },
  };
}

export function folderEntity(
  row: CloudFolderRow,
  context: Omit<PresentContext, 'favorites' | 'customThumbs'>,
) {
  const can = itemAbilities(row.ownerAccountId, {
    ...context,
    favorites: new Set(),
    customThumbs: new Map(),
  });
  return {
    id: row.id,
    name: row.name,
    isFolder: true,
    isDeleted: row.deletedAt !== null,
    isFavorite: false,
    parentId: row.parentId,
    fileInfo: null,
    url: null,
    thumbnails: null,
    type: null,
    extension: null,
    status: null,
    encodeProgress: null,
    durationMs: null,
    isCustomThumbnail: false,
    thumbId: null,
    isOwn: row.ownerAccountId === context.access.accountId,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // Folders cannot be favourites.
    permissions: { can: can.filter((ability) => ability !== 'favorite') },
  } satisfies CloudEntity;
}

/** Presents folders then files, loading the caller's favourites and the custom thumbnails in two queries. */
export async function presentItems(
  db: DbOrTx,
  input: {
    access: Pick<CloudAccess, 'accountId' | 'can'>;
    sign: UrlSign;
    folders: readonly CloudFolderRow[];
    files: readonly CloudFileRow[];
  },
): Promise<CloudEntity[]> {
  const { access, sign, folders, files } = input;
  const fileIds = files.map((file) => file.id);
  const thumbIds = [...new Set(files.flatMap((file) => (file.thumbFileId ? [file.thumbFileId] : [])))];
  const [favoriteRows, thumbRows] = await Promise.all([
    fileIds.length === 0
      ? []
      : db
          .select({ fileId: cloudFavorites.fileId })
          .from(cloudFavorites)
          .where(
            and(eq(cloudFavorites.accountId, access.accountId), inArray(cloudFavorites.fileId, fileIds)),
          ),
    thumbIds.length === 0
      ? []
      : db
          .select({ id: cloudFiles.id, variants: cloudFiles.variants })
          .from(cloudFiles)
          .where(inArray(cloudFiles.id, thumbIds)),
  ]);
  const context: PresentContext = {
    access,
    sign,
    favorites: new Set(favoriteRows.map((row) => row.fileId)),
    customThumbs: new Map(thumbRows.map((row) => [row.id, row.variants])),
  };
  return [
    ...folders.map((folder) => folderEntity(folder, context)),
    ...files.map((file) => fileEntity(file, context)),
  ];
}
