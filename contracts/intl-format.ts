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
