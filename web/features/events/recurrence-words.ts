import type { TFunction } from 'i18next';
import { eventWeekdayValues, type Event } from '../../../contracts/events';
import { listFormat } from '../../../contracts/intl-format';
import { addDays, formatDay, weekdayOf, type DateKey } from './events-time';

type Recurring = Pick<Event, 'rule' | 'recurringEventPattern' | 'startsAtLocal'>;

/** Monday 2024-01-01 plus n days: a date of each weekday, for its name in the reader's language. */
const weekdayName = (index: number, language: string) =>
  formatDay(addDays('2024-01-01', index), language, { weekday: 'long' });

/** How a series repeats, in words ("Jeden Dienstag", "Alle 2 Wochen am Montag und Donnerstag, bis 31.12.2026"). */
export function recurrenceInWords(event: Recurring, t: TFunction, language: string): string | null {
  if (!event.rule) {
    return null;
  }
  const pattern = event.recurringEventPattern;
  if (!pattern) {
    return t('events.recurrence.custom');
  }
  const start: DateKey = event.startsAtLocal.slice(0, 10);
  const count = pattern.interval;
  let rule: string;
  switch (pattern.frequency) {
    case 'daily':
      rule =
        pattern.dayType === 'everyday'
          ? t('events.recurrence.daily', { count })
          : t(`events.recurrence.${pattern.dayType}`);
      break;
    case 'weekly': {
      const indexes = pattern.weekdays?.length
        ? pattern.weekdays.map((day) => eventWeekdayValues.indexOf(day)).sort((a, b) => a - b)
        : [weekdayOf(start)];
      const days = listFormat(language, { type: 'conjunction' }).format(
        indexes.map((index) => weekdayName(index, language)),
      );
      rule = t('events.recurrence.weekly', { count, days });
      break;
    }
    case 'monthly':
      rule = t('events.recurrence.monthly', { count, day: Number(start.slice(8, 10)) });
      break;
    case 'annual':
      rule = t('events.recurrence.annual', {
        count,
        date: formatDay(start, language, { day: 'numeric', month: 'long' }),
      });
      break;
  }
  if (pattern.count) {
    return t('events.recurrence.times', { rule, count: pattern.count });
  }
  if (pattern.until) {
    return t('events.recurrence.until', {
      rule,
      date: formatDay(pattern.until, language, { dateStyle: 'medium' }),
    });
  }
  return rule;
}
