import { useTranslation } from 'react-i18next';
import { usePersonTimeZone } from '../../kernel/person-locale';
import { dateTimeFormat } from '../../../contracts/intl-format';

/** The calendar day of a moment in a time zone, as `YYYY-MM-DD` (to compare days and to key separators). */
export function dayKey(value: string | Date, timeZone: string | null): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  try {
    return dateTimeFormat('en-CA', { timeZone: timeZone ?? undefined }).format(date);
  } catch {
    return dateTimeFormat('en-CA').format(date);
  }
}

const format = (
  value: string | Date,
  language: string,
  timeZone: string | null,
  options: Intl.DateTimeFormatOptions,
) => {
  const date = typeof value === 'string' ? new Date(value) : value;
  try {
    return dateTimeFormat(language, { ...options, timeZone: timeZone ?? undefined }).format(date);
  } catch {
    return dateTimeFormat(language, options).format(date);
  }
};

/**
 * The chat's times in the person's language and time zone: a message's clock time, the list's short time
 * (today: the time; this week: the weekday; else the date) and a day separator's words ("Heute", "Gestern",
 * "Montag, 3. März 2026").
 */
export function useChatTime() {
  const { t, i18n } = useTranslation();
  const timeZone = usePersonTimeZone();
  const language = i18n.language;
  const today = dayKey(new Date(), timeZone);
  const yesterday = dayKey(new Date(Date.now() - 86_400_000), timeZone);
  return {
    dayKey: (value: string) => dayKey(value, timeZone),
    clock: (value: string) => format(value, language, timeZone, { hour: '2-digit', minute: '2-digit' }),
    full: (value: string) => format(value, language, timeZone, { dateStyle: 'medium', timeStyle: 'short' }),
    short: (value: string) => {
      const day = dayKey(value, timeZone);
      if (day === today) {
        return format(value, language, timeZone, { hour: '2-digit', minute: '2-digit' });
      }
      if (Date.now() - new Date(value).getTime() < 6 * 86_400_000) {
        return format(value, language, timeZone, { weekday: 'short' });
      }
      return format(value, language, timeZone, { day: '2-digit', month: '2-digit', year: '2-digit' });
    },
    day: (value: string) => {
      const day = dayKey(value, timeZone);
      if (day === today) {
        return t('chat.day.today');
      }
      if (day === yesterday) {
        return t('chat.day.yesterday');
      }
      return format(value, language, timeZone, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      });
    },
  };
}
