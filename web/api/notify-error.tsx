import { notifications } from '@mantine/notifications';
import { isCancelledError } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { i18n } from '../i18n/i18n';
import { ApiError, isAbortError } from './api-error';

/** The i18n key of the text to show for an error: `errors.<code>`, else the server's key, else generic. */
export function errorTextKey(error: unknown): string {
  if (error instanceof ApiError) {
    const codeKey = error.code === null ? null : `errors.${error.code}`;
    if (codeKey && i18n.exists(codeKey)) {
      return codeKey;
    }
    if (error.message && i18n.exists(error.message)) {
      return error.message;
    }
  }
  return 'errors.generic';
}

/** Spec §8: error reporting ignores 403 responses and cancelled requests. */
export function isReportable(error: unknown): boolean {
  if (isAbortError(error) || isCancelledError(error)) {
    return false;
  }
  return !(error instanceof ApiError && error.status === 403);
}

/** Shows a failed call as a translated notification; the default `onError` of every query and mutation. */
export function notifyError(error: unknown): void {
  if (!isReportable(error)) {
    return;
  }
  const key = errorTextKey(error);
  notifications.show({
    // One notification per text: a burst of identical failures does not stack up.
    id: `error:${key}`,
    color: 'red',
    title: i18n.t('errors.title'),
    message: i18n.t(key),
    icon: <IconAlertTriangle size={18} stroke={1.8} />,
    withBorder: true,
  });
}
