import { z } from 'zod';
import { formatNumber } from './intl-format';

/**
 * The upload size rule (spec §5, RULE-78…82). Limits come from the server as megabyte strings per group of
 * types. One megabyte is 1024 × 1024 bytes here, the unit the limits have always been enforced in.
 */
export const bytesPerMegabyte = 1024 * 1024;

export const uploadLimitSchema = z.object({
  /** Megabytes, as a decimal string ('5', '2.5'). */
  limit: z.string(),
  /** Exact mime types ('application/pdf'), families ('image') or wildcards ('image/*', '*', '*\/*'). */
  types: z.array(z.string()),
});
export type UploadLimit = z.infer<typeof uploadLimitSchema>;

export type UploadFileInfo = { name: string; size: number; type: string };

export type UploadSizeResult =
  | { ok: true }
  | { ok: false; messageKey: 'validation.maxSizeFile'; params: { fileName: string; maxSize: string } };

export type UploadRejection<F> = {
  file: F;
  messageKey: 'validation.maxSizeFile';
  params: { fileName: string; maxSize: string };
};

// How well a limit entry's type pattern fits a mime type: an exact type beats a family, a family beats '*'.
const noMatch = 0;
const anyType = 1;
const familyMatch = 2;
const exactMatch = 3;

function matchScore(pattern: string, mimeType: string): number {
  const wanted = pattern.trim().toLowerCase();
  if (wanted === '*' || wanted === '*/*') {
    return anyType;
  }
  if (wanted === '' || mimeType === '') {
    return noMatch;
  }
  if (wanted === mimeType) {
    return exactMatch;
  }
  const family = wanted.endsWith('/*') ? wanted.slice(0, -2) : wanted;
  return !family.includes('/') && mimeType.startsWith(`${family}/`) ? familyMatch : noMatch;
}

/** Megabytes → bytes; null for a limit that is not a non-negative number (that entry is ignored). */
function limitBytes(entry: UploadLimit): number | null {
  const megabytes = Number(entry.limit.trim());
  return entry.limit.trim() !== '' && Number.isFinite(megabytes) && megabytes >= 0
    ? Math.floor(megabytes * bytesPerMegabyte)
    : null;
}

/**
 * The size limit in bytes for a mime type: the best-matching entry's limit; if no entry matches, the largest
 * limit. Without any usable limit there is nothing to enforce, so the answer is Infinity.
 */
export function uploadLimitBytes(limits: readonly UploadLimit[], mimeType: string): number {
  // Browsers send parameters ('text/plain;charset=utf-8') and sometimes upper case.
  const type = (mimeType.split(';')[0] ?? '').trim().toLowerCase();
  let best: { score: number; bytes: number } | null = null;
  let largest = -Infinity;
  for (const entry of limits) {
    const bytes = limitBytes(entry);
    if (bytes === null) {
      continue;
    }
    largest = Math.max(largest, bytes);
    const score = Math.max(noMatch, ...entry.types.map((pattern) => matchScore(pattern, type)));
    // Two entries with the same fit: the more generous one wins, so a user is never refused by a duplicate.
    if (score > noMatch && (!best || score > best.score || (score === best.score && bytes > best.bytes))) {
      best = { score, bytes };
    }
  }
  if (best) {
    return best.bytes;
  }
  return largest === -Infinity ? Infinity : largest;
}

const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * Human-readable size in binary units (1 KB = 1024 B) with at most 2 decimals: '5 MB', '1.5 GB'.
 * Without a locale the number is written with a dot; with one ('de') it follows that locale ('1,5 GB').
 */
export function formatBytes(bytes: number, locale?: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) {
    return '∞';
  }
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 100) / 100;
  return `${formatNumber(rounded, locale)} ${units[unit]}`;
}

/** A file passes only if it is strictly smaller than its limit (RULE-80). */
export function checkUploadSize(
  limits: readonly UploadLimit[],
  file: UploadFileInfo,
  locale?: string,
): UploadSizeResult {
  const limit = uploadLimitBytes(limits, file.type);
  if (file.size < limit) {
    return { ok: true };
  }
  return {
    ok: false,
    messageKey: 'validation.maxSizeFile',
    params: { fileName: file.name, maxSize: formatBytes(limit, locale) },
  };
}

/** Splits a multi-file upload: files that pass proceed even when others are too large (RULE-82). */
export function partitionBySize<F extends UploadFileInfo>(
  limits: readonly UploadLimit[],
  files: readonly F[],
  locale?: string,
): { accepted: F[]; rejected: UploadRejection<F>[] } {
  const accepted: F[] = [];
  const rejected: UploadRejection<F>[] = [];
  for (const file of files) {
    const result = checkUploadSize(limits, file, locale);
    if (result.ok) {
      accepted.push(file);
    } else {
      rejected.push({ file, messageKey: result.messageKey, params: result.params });
    }
  }
  return { accepted, rejected };
}
