import { useTranslation } from 'react-i18next';
import { useFormat } from '../kernel/format';
import { relativeTimeFormat } from '../../contracts/intl-format';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * "vor 5 Minuten", "vor 3 Tagen" for the last week, then the date as every screen shows dates (the kernel's
 * formatter, in the person's language and time zone). The full date and time is the element's tooltip.
 */
export function relativeTime(
  value: string,
  language: string,
  now: number,
  absolute: (value: string) => string,
) {
  const elapsed = now - new Date(value).getTime();
  if (elapsed < 0 || elapsed >= 7 * day) {
    return absolute(value);
  }
  const format = relativeTimeFormat(language, { numeric: 'auto' });
  if (elapsed < minute) {
    return format.format(0, 'second');
  }
  if (elapsed < hour) {
    return format.format(-Math.floor(elapsed / minute), 'minute');
  }
  if (elapsed < day) {
    return format.format(-Math.floor(elapsed / hour), 'hour');
  }
  return format.format(-Math.floor(elapsed / day), 'day');
}

export function TimeAgo({ value, className }: { value: string; className?: string }) {
  const { i18n } = useTranslation();
  const format = useFormat();
  return (
    <time dateTime={value} title={format.dateTime(value)} className={className}>
      {relativeTime(value, i18n.language, Date.now(), format.date)}
    </time>
  );
}
