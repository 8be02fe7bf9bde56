import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../contracts/upload-size';
import { usePersonTimeZone } from './person-locale';
import { dateTimeFormat, formatNumber } from '../../contracts/intl-format';

/**
 * Dates and sizes as every screen shows them: in the reader's language (de: 14.07.2025, en: Jul 14, 2025)
 * and the person's time zone. One place, so the same date never appears in three formats.
 */
export type DateFormat = 'date' | 'dateTime' | 'longDate';

const options: Record<DateFormat, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  longDate: { dateStyle: 'long' },
};

export function formatDate(
  value: string | Date,
  language: string,
  { format = 'date', timeZone = null }: { format?: DateFormat; timeZone?: string | null } = {},
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  try {
    return dateTimeFormat(language, { ...options[format], ...(timeZone ? { timeZone } : {}) }).format(date);
  } catch {
    // An unknown time zone name: the browser's own.
    return dateTimeFormat(language, options[format]).format(date);
  }
}

export { formatBytes };

/** The formatters bound to the current language and the person's time zone; re-renders when either changes. */
export function useFormat() {
  const { i18n } = useTranslation();
  const timeZone = usePersonTimeZone();
  const language = i18n.language;
  return {
    date: (value: string | Date) => formatDate(value, language, { timeZone }),
    dateTime: (value: string | Date) => formatDate(value, language, { format: 'dateTime', timeZone }),
    longDate: (value: string | Date) => formatDate(value, language, { format: 'longDate', timeZone }),
    bytes: (bytes: number) => formatBytes(bytes, language),
    number: (value: number) => formatNumber(value, language),
  };
}
