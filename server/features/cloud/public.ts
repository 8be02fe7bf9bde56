import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cloudFiles } from '../../db/schema/index.ts';
import { blobPath, type BlobVariant, type UrlSign } from './cloud.presenter.ts';

export type { UrlSign };

/*
 * The cloud library's public module: other features show pictures people keep in it (a member's photo and
 * cover, an app's icon and logos) by id, and check that such an id is a picture of the right library.
 */

/** How a picture is shown: a square tile (320 px webp), the large preview (1600 px) or the bytes as uploaded. */
export type PictureSize = 'tile' | 'preview' | 'original';

/** A signed address of one of the picture's renditions (valid 6–12 h, stable within that window). */
export function pictureUrl(sign: UrlSign, fileId: string | null, size: PictureSize): string | null {
  return fileId ? sign(blobPath(fileId, size)) : null;
}

/**
 * A signed address of a library file shown outside the library (a post's media): a picture's large preview, a
 * video's converted mp4 (null until it exists), any other file as uploaded.
 */
export function libraryFileUrl(
  sign: UrlSign,
  file: { id: string; type: 'image' | 'video' | 'audio' | 'other'; hasVideo: boolean },
): string | null {
  const variant: BlobVariant | null =
    file.type === 'image' ? 'preview' : file.type === 'video' ? (file.hasVideo ? 'video' : null) : 'original';
  return variant ? sign(blobPath(file.id, variant)) : null;
}

/**
 * Which of `ids` are live (not removed) images of the project, owned by `ownerAccountId` when given: the
 * ids a form may point a picture field at. One indexed query for all of them.
 */
export async function findPictureIds(
  db: DbOrTx,
  projectId: string,
  ids: readonly string[],
  ownerAccountId?: string,
): Promise<Set<string>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: cloudFiles.id })
    .from(cloudFiles)
    .where(
      and(
        inArray(cloudFiles.id, [...ids]),
        eq(cloudFiles.projectId, projectId),
        eq(cloudFiles.type, 'image'),
        isNull(cloudFiles.deletedAt),
        ownerAccountId ? eq(cloudFiles.ownerAccountId, ownerAccountId) : undefined,
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * A form's picture fields checked at once: `{ field: id }` (null and undefined are not pictures to check)
 * → `{ field: 'validation.invalidValue' }` for every id that is not a live image of the project (owned by
 * `ownerAccountId` when given).
 */
export async function pictureFieldErrors(
  db: DbOrTx,
  projectId: string,
  fields: Record<string, string | null | undefined>,
  ownerAccountId?: string,
): Promise<Record<string, string>> {
  const asked = Object.entries(fields).flatMap(([field, id]) =>
    typeof id === 'string' ? [[field, id] as const] : [],
  );
  const found = await findPictureIds(
    db,
    projectId,
    asked.map(([, id]) => id),
    ownerAccountId,
  );
  return Object.fromEntries(
    asked.filter(([, id]) => !found.has(id)).map(([field]) => [field, 'validation.invalidValue']),
  );
}

/** A library file as another feature shows it attached to something (a chat message). */
export type AttachedFile = {
  id: string;
  name: string;
  mimeType: string;
  type: 'image' | 'video' | 'audio' | 'other';
  size: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  /** Signed: a picture's large preview, a video's mp4 (null until converted), else the bytes as uploaded. */
  url: string | null;
  /** Signed: the tile of a picture or video (null until made). */
  thumbUrl: string | null;
  /** Signed: the bytes as uploaded. */
  downloadUrl: string;
};

/**
 * Which of `ids` are live files of `ownerAccountId` in the project: the files a person may attach. One indexed
 * query for all of them.
 */
export async function ownLiveFileIds(
  db: DbOrTx,
  projectId: string,
  ownerAccountId: string,
  ids: readonly string[],
): Promise<Map<string, { type: AttachedFile['type'] }>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ id: cloudFiles.id, type: cloudFiles.type })
    .from(cloudFiles)
    .where(
      and(
        inArray(cloudFiles.id, [...ids]),
        eq(cloudFiles.projectId, projectId),
        eq(cloudFiles.ownerAccountId, ownerAccountId),
        isNull(cloudFiles.deletedAt),
      ),
    );
  return new Map(rows.map((row) => [row.id, { type: row.type }]));
}

/** The live files of `ids` with signed addresses, by id (removed files are left out). */
export async function attachedFiles(
  db: DbOrTx,
  sign: UrlSign,
  ids: readonly string[],
): Promise<Map<string, AttachedFile>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({
      id: cloudFiles.id,
      name: cloudFiles.name,
      mimeType: cloudFiles.mimeType,
      type: cloudFiles.type,
      size: cloudFiles.size,
      width: cloudFiles.width,
      height: cloudFiles.height,
      durationMs: cloudFiles.durationMs,
      variants: cloudFiles.variants,
    })
    .from(cloudFiles)
    .where(and(inArray(cloudFiles.id, [...new Set(ids)]), isNull(cloudFiles.deletedAt)));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        mimeType: row.mimeType,
        type: row.type,
        size: row.size,
        width: row.width,
        height: row.height,
        durationMs: row.durationMs,
        url: libraryFileUrl(sign, { id: row.id, type: row.type, hasVideo: Boolean(row.variants.video) }),
        thumbUrl:
          (row.type === 'image' || row.type === 'video') && row.variants.tile
            ? sign(blobPath(row.id, 'tile'))
            : null,
        downloadUrl: sign(blobPath(row.id, 'original')),
      },
    ]),
  );
}

/**
 * The types of the live files of `ids` in the project, by id, whoever owns them: the files a manager may put
 * into what the app offers (a course's lessons). One indexed query for all of them.
 */
export async function projectFileTypes(
  db: DbOrTx,
  projectId: string,
  ids: readonly string[],
): Promise<Map<string, AttachedFile['type']>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ id: cloudFiles.id, type: cloudFiles.type })
    .from(cloudFiles)
    .where(
      and(
        inArray(cloudFiles.id, [...new Set(ids)]),
        eq(cloudFiles.projectId, projectId),
        isNull(cloudFiles.deletedAt),
      ),
    );
  return new Map(rows.map((row) => [row.id, row.type]));
}
