import { randomInt } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CloudFileStatus, CloudFileType } from '../../contracts/cloud-enums.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  cloudFavorites,
  cloudFiles,
  cloudFolders,
  type CloudFileCategory,
  type CloudVariants,
} from '../db/schema/index.ts';
import { ensureRootFolder } from '../features/cloud/cloud.access.ts';
import type { CloudFileRow, CloudFolderRow } from '../features/cloud/cloud.presenter.ts';
import { newId } from '../platform/ids.ts';
import type { BlobStorage } from '../platform/storage/storage.ts';

/*
 * Cloud library rows straight in the database, for tests that need a library in a given shape (uploading
 * each file through tus would test the upload, not the library).
 */

type Person = { projectId: string; ownerAccountId: string };

/** The person's "My files". */
export async function rootFolderOf(db: DbOrTx, person: Person): Promise<CloudFolderRow> {
  return ensureRootFolder(db, person.projectId, person.ownerAccountId);
}

export async function insertCloudFolder(
  db: DbOrTx,
  values: Person & {
    /** Default: the person's root. */
    parentId?: string;
    name?: string;
    createdAt?: Date;
    updatedAt?: Date;
    deletedAt?: Date | null;
    deletedVia?: string | null;
  },
): Promise<CloudFolderRow> {
  const parentId = values.parentId ?? (await rootFolderOf(db, values)).id;
  const createdAt = values.createdAt ?? new Date();
  const [row] = await db
    .insert(cloudFolders)
    .values({
      id: newId(),
      projectId: values.projectId,
      ownerAccountId: values.ownerAccountId,
      parentId,
      name: values.name ?? `Ordner ${randomInt(1e9).toString(36)}`,
      createdAt,
      updatedAt: values.updatedAt ?? createdAt,
      deletedAt: values.deletedAt ?? null,
      deletedVia: values.deletedVia ?? null,
    })
    .returning();
  return row!;
}

const categoryOfType: Record<CloudFileType, CloudFileCategory> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  other: 'other',
};

export async function insertCloudFile(
  db: DbOrTx,
  values: Person & {
    /** Default: the person's root. */
    folderId?: string;
    name?: string;
    mimeType?: string;
    type?: CloudFileType;
    category?: CloudFileCategory;
    extension?: string;
    size?: number;
    status?: CloudFileStatus | null;
    storageKey?: string;
    variants?: CloudVariants;
    hiddenInCloud?: boolean;
    source?: string;
    createdAt?: Date;
    updatedAt?: Date;
    lastOpenedAt?: Date | null;
    openCount?: number;
    deletedAt?: Date | null;
    deletedVia?: string | null;
  },
): Promise<CloudFileRow> {
  const id = newId();
  const folderId = values.folderId ?? (await rootFolderOf(db, values)).id;
  const name = values.name ?? `datei-${randomInt(1e9).toString(36)}.pdf`;
  const type = values.type ?? 'other';
  const createdAt = values.createdAt ?? new Date();
  const [row] = await db
    .insert(cloudFiles)
    .values({
      id,
      projectId: values.projectId,
      ownerAccountId: values.ownerAccountId,
      folderId,
      name,
      originalName: name,
      extension: values.extension ?? (name.includes('.') ? name.split('.').pop()!.toLowerCase() : ''),
      mimeType: values.mimeType ?? 'application/pdf',
      type,
      category: values.category ?? (type === 'other' ? 'document' : categoryOfType[type]),
      size: values.size ?? 1000,
      status: values.status ?? null,
      storageKey: values.storageKey ?? `projects/${values.projectId}/files/${id}/original`,
      variants: values.variants ?? {},
      hiddenInCloud: values.hiddenInCloud ?? false,
      source: values.source ?? 'cloud',
      createdAt,
      updatedAt: values.updatedAt ?? createdAt,
      lastOpenedAt: values.lastOpenedAt ?? null,
      openCount: values.openCount ?? (values.lastOpenedAt ? 1 : 0),
      deletedAt: values.deletedAt ?? null,
      deletedVia: values.deletedVia ?? null,
    })
    .returning();
  return row!;
}

export async function insertFavorite(
  db: DbOrTx,
  values: { fileId: string; accountId: string; projectId: string },
): Promise<void> {
  await db.insert(cloudFavorites).values(values);
}

/** Real bytes under a key of the storage driver (for tests that check what deletion leaves behind). */
export async function putBlob(storage: BlobStorage, key: string, content = 'Inhalt'): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cloud-blob-'));
  const file = path.join(dir, 'blob');
  await writeFile(file, content);
  await storage.putFile(key, file, 'application/octet-stream');
}
