import { z } from 'zod';
import { keyedCheck, typeError } from './issue.ts';
import { validationKeys } from './keys.ts';

/**
 * The date rule (RULE-69): the value must match the format strictly, with every token at its full width
 * ('2024-1-5' fails for YYYY-MM-DD), and name a real date and time (2024-02-30 and 25:00 fail).
 * Tokens: YYYY (year 0001-9999), MM (01-12), DD (01-31, checked against the month), HH (00-23), mm and ss
 * (00-59). Every other character of the format must appear literally.
 */
export const dateFormats = {
  iso: 'YYYY-MM-DD',
  german: 'DD.MM.YYYY',
  isoDateTime: 'YYYY-MM-DD HH:mm:ss',
} as const;

const tokenPattern = /YYYY|MM|DD|HH|mm|ss/g;
type Token = 'YYYY' | 'MM' | 'DD' | 'HH' | 'mm' | 'ss';

const compiled = new Map<string, { pattern: RegExp; tokens: Token[] }>();

function compile(format: string): { pattern: RegExp; tokens: Token[] } {
  const cached = compiled.get(format);
  if (cached) {
    return cached;
  }
  const tokens: Token[] = [];
  let source = '';
  let last = 0;
  for (const match of format.matchAll(tokenPattern)) {
    source += escapeRegExp(format.slice(last, match.index));
    source += match[0] === 'YYYY' ? '(\\d{4})' : '(\\d{2})';
    tokens.push(match[0] as Token);
    last = match.index + match[0].length;
  }
  source += escapeRegExp(format.slice(last));
  const entry = { pattern: new RegExp(`^${source}$`), tokens };
  compiled.set(format, entry);
  return entry;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC avoids time-zone shifts.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isValidDate(value: string, format: string): boolean {
  const { pattern, tokens } = compile(format);
  const match = pattern.exec(value);
  if (!match) {
    return false;
  }
  const parts: Partial<Record<Token, number>> = {};
  tokens.forEach((token, index) => {
    parts[token] = Number(match[index + 1]);
  });
  const { YYYY: year, MM: month, DD: day, HH: hour, mm: minute, ss: second } = parts;
  if (year !== undefined && year < 1) {
    return false;
  }
  if (month !== undefined && (month < 1 || month > 12)) {
    return false;
  }
  if (day !== undefined) {
    // Without a month or year in the format, allow the most any month (or a leap February) can have.
    const maxDay = month === undefined ? 31 : daysInMonth(year ?? 2000, month);
    if (day < 1 || day > maxDay) {
      return false;
    }
  }
  return (hour ?? 0) <= 23 && (minute ?? 0) <= 59 && (second ?? 0) <= 59;
}

export function dateCheck(format: string): z.core.$ZodCheck<string> {
  return keyedCheck((value: string) => isValidDate(value, format), validationKeys.date, {
    params: { format },
  });
}

/** A date string in `format`, e.g. `dateString('YYYY-MM-DD')`. */
export function dateString(format: string) {
  return z.string({ error: typeError(validationKeys.date) }).check(dateCheck(format));
}
