import type { Language } from '../../../contracts/language.ts';
import type { AttendeeRow } from './attendance.repo.ts';
import { formatWallTime, instantToWall } from '../../platform/time-zone.ts';

/*
 * The attendee export (EVENTS-12 `format=csv`), made for Excel as German offices open it: UTF-8 with a BOM (else
 * Excel reads umlauts as Windows-1252), `;` between cells (the list separator of German Excel; a comma would put
 * everything into one column there), CRLF line ends (RFC 4180), cells quoted when they hold `;`, `"` or a line
 * break. A cell starting with = + - @ (or a tab or carriage return) would be run as a formula, so it gets a `'`
 * in front (OWASP "CSV injection"). Times are local to the event's zone, as `YYYY-MM-DD HH:mm`.
 */

const headers: Record<Language, { name: string; email: string; status: string; joinedAt: string }> = {
  de: { name: 'Name', email: 'E-Mail', status: 'Status', joinedAt: 'Angemeldet am' },
  en: { name: 'Name', email: 'E-mail', status: 'Status', joinedAt: 'Joined at' },
};

const statusWords: Record<Language, Record<AttendeeRow['status'], string>> = {
  de: { going: 'Zusage', waitlist: 'Warteliste' },
  en: { going: 'Going', waitlist: 'Waitlist' },
};

/** One cell: formulas defused, quoted when it must be. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function attendeesCsv(
  rows: readonly AttendeeRow[],
  options: { withEmail: boolean; language: Language; timeZone: string },
): string {
  const header = headers[options.language];
  const line = (cells: string[]) => cells.map(csvCell).join(';');
  const columns = options.withEmail
    ? [header.name, header.email, header.status, header.joinedAt]
    : [header.name, header.status, header.joinedAt];
  const lines = rows.map((row) => {
    const joinedAt = formatWallTime(instantToWall(options.timeZone, new Date(row.joined_at).getTime()))
      .slice(0, 16)
      .replace('T', ' ');
    const name = `${row.first_name} ${row.last_name}`.trim();
    const status = statusWords[options.language][row.status];
    return line(options.withEmail ? [name, row.email, status, joinedAt] : [name, status, joinedAt]);
  });
  return `\uFEFF${[line(columns), ...lines].join('\r\n')}\r\n`;
}
