import type { CloudEntity } from '../../../contracts/cloud';

/** A file of the library as the server answers it, for web tests: a small PDF unless `change` says otherwise. */
export function cloudEntity(change: Partial<CloudEntity> = {}): CloudEntity {
  const name = change.name ?? 'plan.pdf';
  return {
    id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4001',
    name,
    isFolder: false,
    isDeleted: false,
    isFavorite: false,
    parentId: null,
    fileInfo: {
      name,
      originalName: name,
      mimeType: 'application/pdf',
      width: null,
      height: null,
      size: 40_960,
    },
    url: null,
    thumbnails: null,
    type: 'other',
    extension: 'pdf',
    status: null,
    encodeProgress: null,
    durationMs: null,
    isCustomThumbnail: false,
    thumbId: null,
    isOwn: true,
    deletedAt: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    permissions: { can: ['view', 'delete'] },
    ...change,
  };
}
