import { importColumnAliases, memberLimits, type ImportColumn } from '../../../contracts/members';

/*
 * The client's look at a members CSV before it is sent: the checks a person can fix right away (type,
 * size, header) and the first rows as a preview. The server reads the whole file again and decides.
 */

export const previewRowCount = 5;

/** The header of the template download; the tags column takes several names separated by `|`. */
export const templateHeader = 'email,firstName,lastName,tags';

export type CsvProblem = 'notCsv' | 'tooLarge' | 'empty' | 'noHeader' | 'noEmailColumn';

export type CsvPreview = {
  fileName: string;
  size: number;
  text: string;
  header: string[];
  /** The recognised column of each header cell, null for columns the import ignores. */
  columns: (ImportColumn | null)[];
  rows: string[][];
  /** Data rows (non-empty lines after the header). */
  rowCount: number;
  /** Every tag the file names (tags column, `|`-separated), first spelling of each, in file order. */
  tagNames: string[];
};

/** A tags cell as the import reads it: names separated by `|`, blanks and repeats (any case) dropped. */
export function tagNamesOf(cell: string): string[] {
  const byKey = new Map<string, string>();
  for (const part of cell.split('|')) {
    const name = part.trim();
    if (name !== '' && !byKey.has(name.toLowerCase())) {
      byKey.set(name.toLowerCase(), name);
    }
  }
  return [...byKey.values()];
}

const normalize = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
const aliasToColumn = new Map<string, ImportColumn>(
  (Object.entries(importColumnAliases) as [ImportColumn, readonly string[]][]).flatMap(([column, aliases]) =>
    aliases.map((alias) => [normalize(alias), column] as const),
  ),
);

export function columnOf(headerCell: string): ImportColumn | null {
  return aliasToColumn.get(normalize(headerCell)) ?? null;
}

/** Type and size, before the file is read. */
export function checkCsvFile(file: Pick<File, 'name' | 'size'>): CsvProblem | null {
  if (!file.name.toLowerCase().endsWith('.csv')) {
    return 'notCsv';
  }
  if (file.size > memberLimits.importCsvBytes) {
    return 'tooLarge';
  }
  return file.size === 0 ? 'empty' : null;
}

/** `,` or `;`, whichever the first line holds more of outside quotes (Excel in German writes `;`). */
function delimiterOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const character of text) {
    if (character === '"') {
      quoted = !quoted;
    } else if (!quoted && (character === '\n' || character === '\r')) {
      break;
    } else if (!quoted && character === ',') {
      commas += 1;
    } else if (!quoted && character === ';') {
      semicolons += 1;
    }
  }
  return semicolons > commas ? ';' : ',';
}

/** RFC 4180 records (quotes, "" inside quotes, line breaks inside quotes); blank records dropped. */
export function parseCsvRecords(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const delimiter = delimiterOf(text);
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== '')) {
      records.push(cells);
    }
    cells = [];
    cell = '';
  };
  for (let index = 0; index < text.length; index += 1) {
    const character = text.charAt(index);
    if (quoted) {
      if (character === '"' && text.charAt(index + 1) === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') {
        quoted = false;
      } else {
        cell += character;
      }
    } else if (character === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (character === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (character === '\r' || character === '\n') {
      if (character === '\r' && text.charAt(index + 1) === '\n') {
        index += 1;
      }
      endRecord();
    } else {
      cell += character;
    }
  }
  if (cell !== '' || cells.length > 0) {
    endRecord();
  }
  return records;
}

/** Reads the text's header and first rows; a problem when there is no header or no e-mail column. */
export function previewCsv(
  file: Pick<File, 'name' | 'size'>,
  text: string,
): { preview: CsvPreview } | { problem: CsvProblem } {
  const records = parseCsvRecords(text);
  const [header, ...rows] = records;
  if (!header) {
    return { problem: 'empty' };
  }
  const columns = header.map(columnOf);
  if (columns.every((column) => column === null)) {
    return { problem: 'noHeader' };
  }
  if (!columns.includes('email')) {
    return { problem: 'noEmailColumn' };
  }
  const tagsColumn = columns.indexOf('tags');
  const tagNames = tagsColumn === -1 ? [] : tagNamesOf(rows.map((row) => row[tagsColumn] ?? '').join('|'));
  return {
    preview: {
      fileName: file.name,
      size: file.size,
      text,
      header: header.map((cell) => cell.trim()),
      columns,
      rows: rows.slice(0, previewRowCount).map((row) => row.map((cell) => cell.trim())),
      rowCount: rows.length,
      tagNames,
    },
  };
}
