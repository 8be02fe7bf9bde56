/*
 * A small RFC 4180 reader and writer for the members import: quoted fields (with "" inside, line breaks
 * inside), CRLF / LF / CR line ends, a UTF-8 byte order mark, and `,` or `;` as the delimiter (Excel in a
 * German locale writes `;`). Every record keeps the file line it starts on, so errors name the line a person
 * sees in their editor.
 */

export type CsvRecord = { line: number; cells: string[] };
export type CsvDocument = { delimiter: ',' | ';'; records: CsvRecord[] };

/** `,` or `;`: whichever occurs more often outside quotes in the first line (the header). */
export function detectDelimiter(text: string): ',' | ';' {
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

/**
 * Parses the whole text. Records whose cells are all empty (blank lines) are dropped but still count as
 * lines. A quote left open runs to the end of the file, as spreadsheet programs read it.
 */
export function parseCsv(input: string): CsvDocument {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const delimiter = detectDelimiter(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;

  const endRecord = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== '')) {
      records.push({ line: recordLine, cells });
    }
    cells = [];
    cell = '';
  };

  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        if (character === '\n' || (character === '\r' && text[index + 1] !== '\n')) {
          line += 1;
        }
        cell += character;
      }
      continue;
    }
    if (character === '"' && cell.trim() === '') {
      // A quote opens a field only at its start (spaces before it are dropped, as Excel does).
      cell = '';
      quoted = true;
    } else if (character === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (character === '\r' || character === '\n') {
      if (character === '\r' && text[index + 1] === '\n') {
        index += 1;
      }
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += character;
    }
  }
  if (cell !== '' || cells.length > 0) {
    endRecord();
  }
  return { delimiter, records };
}

/** Quotes a cell when needed; cells a spreadsheet would run as a formula are defused with a leading `'`. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) {
    text = `'${text}`;
  }
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: (string | number)[]): string {
  return values.map(csvCell).join(',');
}
