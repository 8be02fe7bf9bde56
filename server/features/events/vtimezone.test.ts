import { describe, expect, it } from 'vitest';
import { vtimezoneLines } from './vtimezone.ts';

const blocks = (lines: string[]) =>
  lines
    .join('\n')
    .split(/\nBEGIN:/)
    .slice(1)
    .map((block) => `BEGIN:${block}`);

describe("VTIMEZONE from the zone's real transitions", () => {
  it('ends a yearly pattern with UNTIL where the rules changed and starts the new one (New York, 2007)', () => {
    const lines = vtimezoneLines('America/New_York', 2005, 2010);
    expect(lines).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:America/New_York',
      'BEGIN:DAYLIGHT',
      'DTSTART:20050403T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=20060402T070000Z',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0400',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'DTSTART:20051030T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20061029T060000Z',
      'TZOFFSETFROM:-0400',
      'TZOFFSETTO:-0500',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:20070311T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0400',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'DTSTART:20071104T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
      'TZOFFSETFROM:-0400',
      'TZOFFSETTO:-0500',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });

  it("lists transitions that follow no yearly pattern as RDATEs (Casablanca's Ramadan breaks)", () => {
    const ramadan = blocks(vtimezoneLines('Africa/Casablanca', 2012, 2019)).filter((block) =>
      block.includes('RDATE'),
    );
    expect(ramadan).toHaveLength(2);
    expect(ramadan[0]).toContain(
      'DTSTART:20120720T030000\nRDATE:20120720T030000\nRDATE:20120930T030000\nRDATE:20130707T030000\n',
    );
    expect(ramadan[1]).toContain('DTSTART:20120820T020000\nRDATE:20120820T020000\nRDATE:20130810T020000\n');
  });

  it('writes a zone without transitions as one STANDARD block, and half-hour offsets exactly', () => {
    expect(vtimezoneLines('Asia/Tokyo', 2025, 2027)).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Tokyo',
      'BEGIN:STANDARD',
      'DTSTART:20250101T000000',
      'TZOFFSETFROM:+0900',
      'TZOFFSETTO:+0900',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
    expect(vtimezoneLines('Asia/Kolkata', 2025, 2026)).toContain('TZOFFSETTO:+0530');
    expect(vtimezoneLines('Australia/Adelaide', 2025, 2026)).toContain('TZOFFSETTO:+1030');
  });

  it("writes the southern hemisphere's summer (Sydney: daylight from October, standard from April)", () => {
    const sydney = blocks(vtimezoneLines('Australia/Sydney', 2025, 2027));
    expect(sydney.find((block) => block.startsWith('BEGIN:DAYLIGHT'))).toContain(
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU',
    );
    expect(sydney.find((block) => block.startsWith('BEGIN:STANDARD'))).toContain(
      'RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU',
    );
  });
});
