import type { TFunction } from 'i18next';
import { errorCodes } from '../../../contracts/errors';
import { usageDisplayOrder, type UsageKey } from '../../../contracts/tariffs';
import { ApiError } from '../../api/api-error';
import { errorTextKey } from '../../api/notify-error';

function isUsageKey(value: unknown): value is UsageKey {
  return typeof value === 'string' && (usageDisplayOrder as readonly string[]).includes(value);
}

/**
 * The text for a failed create or invite: a QUOTA_EXCEEDED names the limit it hit (`details: {key, limit}`),
 * everything else gets its error code's text.
 */
export function failureText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code === errorCodes.quotaExceeded) {
    const { key, limit } = error.details;
    if (isUsageKey(key) && typeof limit === 'number') {
      const what = t(`workspace.usage.keys.${key}`);
      return limit === 0
        ? t('workspace.quota.notIncluded', { what })
        : t('workspace.quota.reached', { what, limit });
    }
  }
  return t(errorTextKey(error));
}

export function isQuotaError(error: unknown): boolean {
  return error instanceof ApiError && error.code === errorCodes.quotaExceeded;
}
