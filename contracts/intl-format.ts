/**
 * Intl formatters (and collators), one per locale and options. Building one costs tens of microseconds (the locale's data is
 * looked up and resolved each time) and a formatter never changes, so a list that formats a date or a size per
 * row built hundreds of them per render. A formatter that cannot be built (an unknown time zone) throws, and
 * nothing is kept.
 */
type Kept =
  Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.ListFormat | Intl.Collator;

const formats = new Map<string, Kept>();

function cached<T extends Kept>(
  kind: string,
  locale: string | undefined,
  options: object,
  build: () => T,
): T {
  const key = `${kind}|${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = build();
    formats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  return cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(
  locale: string | undefined,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  return cached('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function relativeTimeFormat(
  locale: string | undefined,
  options: Intl.RelativeTimeFormatOptions = {},
): Intl.RelativeTimeFormat {
  return cached('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}

export function listFormat(
  locale: string | undefined,
  options: Intl.ListFormatOptions = {},
): Intl.ListFormat {
  return cached('list', locale, options, () => new Intl.ListFormat(locale, options));
}

/**
 * A collator, kept like the formatters. The first one of a page costs 15–25 ms (ICU loads its collation data), so
 * it is built when something is first compared, not when a module loads.
 */
export function collator(locale: string | undefined, options: Intl.CollatorOptions = {}): Intl.Collator {
  return cached('collator', locale, options, () => new Intl.Collator(locale, options));
}

/**
 * A getter of one date format per time zone, for code that reads an instant in the zone of each row (an event's
 * start in its own zone): the lookup is by zone alone, without building the options' key per call. An unknown
 * zone throws a RangeError, and nothing is kept.
 */
export function zonedDateTimeFormat(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (timeZone: string) => Intl.DateTimeFormat {
  const perZone = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = perZone.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      perZone.set(timeZone, format);
    }
    return format;
  };
}

/** The separators of the app's own languages: their numbers are written without Intl (see `formatNumber`). */
const separators: Record<string, { group: string; decimal: string }> = {
  de: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/**
 * A number with at most two decimals as `locale` writes it: counts, sizes. German and English are written here,
 * as Intl writes them: the first Intl number format of a page costs 12–40 ms of ICU set-up on a phone-speed CPU,
 * which the library's first render (a size on every tile) and the projects list's (its usage bars) would
 * otherwise pay. Other locales go through Intl; without a locale, a dot and no grouping.
 */
export function formatNumber(value: number, locale?: string): string {
  if (!locale) {
    return String(value);
  }
  const known = separators[locale];
  if (!known) {
    return numberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  }
  const [whole = '0', fraction] = Math.abs(value)
    .toFixed(2)
    .replace(/\.?0+$/, '')
    .split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, known.group);
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `${known.decimal}${fraction}` : ''}`;
}
