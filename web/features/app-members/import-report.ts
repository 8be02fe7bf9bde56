import type { TFunction } from 'i18next';
import { memberLimits } from '../../../contracts/members';
import { tagLimits } from '../../../contracts/tags';
import { parseCsvRecords } from './csv-preview';

/**
 * The server keeps an import's error report machine-readable (`line,email,field,error` with `validation.*`
 * keys); the person downloading it gets it in their language: translated headers, field names and messages,
 * `;`-separated in German (what Excel there expects), `,` otherwise, with a byte order mark for Excel.
 */
const limitsOf: Record<string, Record<string, number>> = {
  email: { max: 254 },
  firstName: { max: memberLimits.name },
  lastName: { max: memberLimits.name },
  tags: { max: tagLimits.name },
};

function cellOf(value: string, delimiter: string): string {
  return /["\r\n]/.test(value) || value.includes(delimiter) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One message per field and key, in words of the import; a key without one falls back to its general text. */
export function reportMessage(t: TFunction, field: string, key: string): string {
  const short = key.startsWith('validation.') ? key.slice('validation.'.length) : key;
  const params = limitsOf[field] ?? {};
  const specific = `members.import.report.errors.${field}.${short}`;
  const fallback = key.startsWith('validation.') ? key : 'errors.generic';
  return t([specific, fallback], params);
}

export function translateImportReport(csv: string, t: TFunction, language: string): string {
  const [, ...rows] = parseCsvRecords(csv);
  const delimiter = language === 'de' ? ';' : ',';
  const header = ['line', 'email', 'field', 'error'].map((name) =>
    t(`members.import.report.headers.${name}`),
  );
  const lines = [
    header,
    ...rows.map(([line = '', email = '', field = '', key = '']) => [
      line,
      email,
      t([`members.import.columns.${field}`, 'members.import.report.unknownField'], { field }),
      reportMessage(t, field, key),
    ]),
  ];
  return `\uFEFF${lines.map((cells) => cells.map((cell) => cellOf(cell, delimiter)).join(delimiter)).join('\r\n')}\r\n`;
}
