import { formatDate as formatKernelDate } from '../../kernel/format';
import { personTimeZone } from '../../kernel/person-locale';

/** A calendar date in the reader's language and time zone: 14.07.2025 in German, Jul 14, 2025 in English. */
export function formatDate(iso: string, language: string): string {
  return formatKernelDate(iso, language, { timeZone: personTimeZone() });
}
