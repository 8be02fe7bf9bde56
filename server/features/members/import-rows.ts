import { importColumnAliases, memberLimits, type ImportColumn } from '../../../contracts/members.ts';
import { tagLimits } from '../../../contracts/tags.ts';
import { isEmail, validationKeys, type ValidationKey } from '../../../contracts/validation/index.ts';
import { csvLine, type CsvDocument } from './csv.ts';

/*
 * Reading the rows of a members import: the header decides the columns (aliases in contracts/members.ts),
 * each row is checked like the invite form. Pure functions; the job does the database work.
 */

export type ImportRow = {
  line: number;
  email: string;
  firstName: string;
  lastName: string;
  /** Tag names, trimmed, without repeats (case-insensitive). */
  tags: string[];
};
export type RowError = { line: number; email: string; field: ImportColumn; error: ValidationKey };
export type CheckedImport = { rows: ImportRow[]; errors: RowError[]; totalRows: number };

/** The longest address SMTP carries (RFC 5321). */
const maxEmailLength = 254;

const normalizeHeader = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

const aliasToColumn = new Map<string, ImportColumn>(
  (Object.entries(importColumnAliases) as [ImportColumn, readonly string[]][]).flatMap(([column, aliases]) =>
    aliases.map((alias) => [normalizeHeader(alias), column] as const),
  ),
);

/** Column positions by header; the first column of a kind wins, unknown columns are ignored. */
export function mapHeader(header: string[]): Partial<Record<ImportColumn, number>> {
  const positions: Partial<Record<ImportColumn, number>> = {};
  header.forEach((name, index) => {
    const column = aliasToColumn.get(normalizeHeader(name));
    if (column && positions[column] === undefined) {
      positions[column] = index;
    }
  });
  return positions;
}

/**
 * Checks every data row. `reservedTagNames` are the default tags' names (lower-case): a file cannot block or
 * punish people through its tags column. Addresses repeated in the file are errors on every later line.
 */
export function checkImport(document: CsvDocument, reservedTagNames: ReadonlySet<string>): CheckedImport {
  const [header, ...data] = document.records;
  if (!header) {
    return { rows: [], errors: [], totalRows: 0 };
  }
  const positions = mapHeader(header.cells);
  if (positions.email === undefined) {
    return {
      rows: [],
      errors: [{ line: header.line, email: '', field: 'email', error: validationKeys.required }],
      totalRows: data.length,
    };
  }
  const cellOf = (cells: string[], column: ImportColumn) => {
    const position = positions[column];
    return position === undefined ? '' : (cells[position] ?? '').trim();
  };
  const seen = new Set<string>();
  const rows: ImportRow[] = [];
  const errors: RowError[] = [];
  for (const record of data) {
    const email = cellOf(record.cells, 'email').toLowerCase();
    const firstName = cellOf(record.cells, 'firstName');
    const lastName = cellOf(record.cells, 'lastName');
    const tags = uniqueNames(cellOf(record.cells, 'tags').split('|'));
    const rowErrors: RowError[] = [];
    const fail = (field: ImportColumn, error: ValidationKey) =>
      rowErrors.push({ line: record.line, email, field, error });

    if (email === '') {
      fail('email', validationKeys.required);
    } else if (email.length > maxEmailLength) {
      fail('email', validationKeys.validateMaxLength);
    } else if (!isEmail(email)) {
      fail('email', validationKeys.email);
    } else if (seen.has(email)) {
      fail('email', validationKeys.unique);
    }
    if (email !== '') {
      seen.add(email);
    }
    if (firstName.length > memberLimits.name) {
      fail('firstName', validationKeys.validateMaxLength);
    }
    if (lastName.length > memberLimits.name) {
      fail('lastName', validationKeys.validateMaxLength);
    }
    if (tags.some((tag) => tag.length > tagLimits.name)) {
      fail('tags', validationKeys.validateMaxLength);
    } else if (tags.some((tag) => reservedTagNames.has(tag.toLowerCase()))) {
      fail('tags', validationKeys.invalidValue);
    }
    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
    } else {
      rows.push({ line: record.line, email, firstName, lastName, tags });
    }
  }
  return { rows, errors, totalRows: data.length };
}

function uniqueNames(values: string[]): string[] {
  const byKey = new Map<string, string>();
  for (const value of values) {
    const name = value.trim();
    if (name !== '' && !byKey.has(name.toLowerCase())) {
      byKey.set(name.toLowerCase(), name);
    }
  }
  return [...byKey.values()];
}

/** The downloadable report: `line,email,field,error`, one line per problem, in file order. */
export function errorReportCsv(errors: readonly RowError[]): string {
  const lines = [csvLine(['line', 'email', 'field', 'error'])];
  for (const error of [...errors].sort((a, b) => a.line - b.line)) {
    lines.push(csvLine([error.line, error.email, error.field, error.error]));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Rows with at least one problem (a row may have several). */
export function invalidRowCount(errors: readonly RowError[]): number {
  return new Set(errors.map((error) => error.line)).size;
}
