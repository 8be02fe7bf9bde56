import type { TFunction } from 'i18next';
import { cloudLimits, type CloudEntity } from '../../../contracts/cloud';
import { formatBytes } from '../../../contracts/upload-size';
import type { LibraryView } from './library-layout';
import { dateTimeFormat } from '../../../contracts/intl-format';

/* The small texts of a tile or row: what the item is, its state, and its date. */

const dayMs = 24 * 3600 * 1000;

const dateFormat = (language: string) =>
  dateTimeFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric' });

/** When an item in Removed is deleted for good by the nightly purge (GAPS 10: 30 days after deletion). */
export function purgeDate(entity: Pick<CloudEntity, 'deletedAt'>): Date | null {
  return entity.deletedAt
    ? new Date(Date.parse(entity.deletedAt) + cloudLimits.removedRetentionDays * dayMs)
    : null;
}

/**
 * The line under the name: a folder's kind or a file's size (in the list with its type), while processing what
 * is happening (with the conversion's percent, RULE-04), and when that failed, that it did.
 */
export function cellMetaText(entity: CloudEntity, view: LibraryView, t: TFunction, language: string): string {
  if (entity.status === 'process') {
    return entity.encodeProgress === null
      ? t('cloud.file.processingShort')
      : t('cloud.file.converting', { percent: entity.encodeProgress });
  }
  if (entity.status === 'error') {
    return t('cloud.file.failed');
  }
  const kind = entity.isFolder ? t('cloud.item.folder') : formatBytes(entity.fileInfo?.size ?? 0, language);
  if (view === 'grid') {
    const purge = entity.isDeleted ? purgeDate(entity) : null;
    return purge ? t('cloud.item.purgeShort', { date: dateFormat(language).format(purge) }) : kind;
  }
  return [kind, entity.isFolder ? null : entity.extension?.toUpperCase()].filter(Boolean).join(' · ');
}

/** The list's date column: when the item changed, or in Removed when it is deleted for good. */
export function cellDateText(entity: CloudEntity, t: TFunction, language: string): string {
  const purge = entity.isDeleted ? purgeDate(entity) : null;
  return purge
    ? t('cloud.item.purgeShort', { date: dateFormat(language).format(purge) })
    : dateFormat(language).format(new Date(entity.updatedAt));
}
