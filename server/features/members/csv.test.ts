import { describe, expect, it } from 'vitest';
import { csvCell, detectDelimiter, parseCsv } from './csv.ts';
import { checkImport, errorReportCsv, mapHeader } from './import-rows.ts';

describe('parseCsv', () => {
  it('detects `,` and `;` from the header, ignoring quoted ones', () => {
    expect(detectDelimiter('email,name\na;b;c;d')).toBe(',');
    expect(detectDelimiter('email;name;"a,b,c"\n')).toBe(';');
  });

  it('reads quotes, doubled quotes, line breaks inside quotes, CRLF, CR and a BOM, keeping file lines', () => {
    const text = '\uFEFFa;b\r\n"x;1";"say ""hi"""\r\n\r\n"multi\r\nline";z\rlast;"open';
    expect(parseCsv(text)).toEqual({
      delimiter: ';',
      records: [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['x;1', 'say "hi"'] },
        { line: 4, cells: ['multi\r\nline', 'z'] },
        { line: 6, cells: ['last', 'open'] },
      ],
    });
  });

  it('keeps quotes inside unquoted cells and drops blank records', () => {
    expect(parseCsv('a,b\n5" screen,x\n,\n').records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['5" screen', 'x'] },
    ]);
  });
});

describe('import rows', () => {
  it('maps English and German headers', () => {
    expect(mapHeader(['E-Mail', 'Vorname', 'Nach-Name', 'Schlagworte', 'Notiz'])).toEqual({
      email: 0,
      firstName: 1,
      lastName: 2,
      tags: 3,
    });
    expect(mapHeader(['first_name', 'EMAIL', 'Last Name', 'tags'])).toEqual({
      firstName: 0,
      email: 1,
      lastName: 2,
      tags: 3,
    });
  });

  it('checks addresses, lengths, repeats and reserved tag names, and lists tags without repeats', () => {
    const checked = checkImport(
      parseCsv(
        'email,tags\nA@Beispiel.de, x | X |y\nb@beispiel.de,blocked\na@beispiel.de,\n@,\n' +
          `c@beispiel.de,${'t'.repeat(51)}`,
      ),
      new Set(['blocked']),
    );
    expect(checked.rows).toEqual([
      { line: 2, email: 'a@beispiel.de', firstName: '', lastName: '', tags: ['x', 'y'] },
    ]);
    expect(checked.errors.map((error) => [error.line, error.field, error.error])).toEqual([
      [3, 'tags', 'validation.invalidValue'],
      [4, 'email', 'validation.unique'],
      [5, 'email', 'validation.email'],
      [6, 'tags', 'validation.validateMaxLength'],
    ]);
    expect(checked.totalRows).toBe(5);
  });

  it('writes the report as CSV with risky cells defused', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(errorReportCsv([{ line: 3, email: 'x;y', field: 'email', error: 'validation.email' }])).toBe(
      'line,email,field,error\r\n3,"x;y",email,validation.email\r\n',
    );
  });
});
