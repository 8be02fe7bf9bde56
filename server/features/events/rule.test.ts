import { describe, expect, it } from 'vitest';
import type { RecurrenceEnd, RecurrencePreset } from './recurrence.ts';
import {
  describeRule,
  formatRule,
  parseRule,
  presetRule,
  RecurrenceError,
  recurrenceFieldErrors,
  safeParseRule,
} from './recurrence.ts';

describe('parseRule', () => {
  it('reads the supported grammar in any letter case, with or without the RRULE: prefix', () => {
    expect(parseRule('rrule:freq=monthly;interval=2;byday=1mo,-1fr;wkst=su;count=12')).toEqual({
      frequency: 'MONTHLY',
      interval: 2,
      byDay: [
        { weekday: 'MO', position: 1 },
        { weekday: 'FR', position: -1 },
      ],
      byMonthDay: [],
      byMonth: [],
      weekStart: 'SU',
      count: 12,
      until: null,
    });
    expect(parseRule('FREQ=YEARLY;BYMONTH=5,2;BYMONTHDAY=-1,15;UNTIL=20301231T230000Z')).toMatchObject({
      byMonth: [2, 5],
      byMonthDay: [-1, 15],
      until: Date.UTC(2030, 11, 31, 23),
    });
  });

  it('writes one canonical text, so equal rules compare equal', () => {
    const texts = [
      'FREQ=DAILY',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;WKST=SU;UNTIL=20261231T225959Z',
      'FREQ=MONTHLY;BYMONTHDAY=-1',
      'FREQ=MONTHLY;BYDAY=2WE;COUNT=10',
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
    ];
    for (const text of texts) {
      expect(formatRule(parseRule(text))).toBe(text);
    }
    expect(formatRule(parseRule('count=3;freq=daily;interval=1;wkst=mo'))).toBe('FREQ=DAILY;COUNT=3');
  });

  const bad: [string, string, string][] = [
    ['', 'required', 'FREQ'],
    ['INTERVAL=2', 'required', 'FREQ'],
    ['FREQ=HOURLY', 'unsupported', 'FREQ'],
    ['FREQ=SOMETIMES', 'invalid_value', 'FREQ'],
    ['FREQ=DAILY;FREQ=WEEKLY', 'invalid_value', 'FREQ'],
    ['FREQ', 'invalid_format', 'FREQ'],
    ['FREQ=DAILY;;', 'invalid_format', 'RRULE'],
    ['FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR', 'unsupported', 'BYSETPOS'],
    ['FREQ=DAILY;BYHOUR=9,18', 'unsupported', 'BYHOUR'],
    ['FREQ=YEARLY;BYWEEKNO=20', 'unsupported', 'BYWEEKNO'],
    ['FREQ=DAILY;X-NAME=1', 'unsupported', 'X-NAME'],
    ['FREQ=WEEKLY;BYDAYS=MO', 'invalid_value', 'BYDAYS'],
    ['FREQ=DAILY;INTERVAL=0', 'invalid_value', 'INTERVAL'],
    ['FREQ=DAILY;INTERVAL=1001', 'invalid_value', 'INTERVAL'],
    ['FREQ=DAILY;INTERVAL=two', 'invalid_value', 'INTERVAL'],
    ['FREQ=DAILY;COUNT=0', 'invalid_value', 'COUNT'],
    ['FREQ=DAILY;COUNT=-3', 'invalid_value', 'COUNT'],
    ['FREQ=DAILY;UNTIL=20261231', 'invalid_format', 'UNTIL'],
    ['FREQ=DAILY;UNTIL=20261231T235959', 'invalid_format', 'UNTIL'],
    ['FREQ=DAILY;UNTIL=20260230T000000Z', 'invalid_format', 'UNTIL'],
    ['FREQ=DAILY;COUNT=3;UNTIL=20261231T235959Z', 'conflict', 'UNTIL'],
    ['FREQ=WEEKLY;BYDAY=1MO', 'conflict', 'BYDAY'],
    ['FREQ=DAILY;BYDAY=-1FR', 'conflict', 'BYDAY'],
    ['FREQ=MONTHLY;BYDAY=0MO', 'invalid_value', 'BYDAY'],
    ['FREQ=MONTHLY;BYDAY=54MO', 'invalid_value', 'BYDAY'],
    ['FREQ=MONTHLY;BYDAY=MONDAY', 'invalid_value', 'BYDAY'],
    ['FREQ=MONTHLY;BYMONTHDAY=1;BYDAY=1MO', 'unsupported', 'BYDAY'],
    ['FREQ=MONTHLY;BYMONTHDAY=32', 'invalid_value', 'BYMONTHDAY'],
    ['FREQ=MONTHLY;BYMONTHDAY=0', 'invalid_value', 'BYMONTHDAY'],
    ['FREQ=WEEKLY;BYMONTHDAY=1', 'conflict', 'BYMONTHDAY'],
    ['FREQ=YEARLY;BYMONTH=13', 'invalid_value', 'BYMONTH'],
    ['FREQ=YEARLY;BYMONTH=-1', 'invalid_value', 'BYMONTH'],
    ['FREQ=WEEKLY;WKST=XX', 'invalid_value', 'WKST'],
  ];

  it.each(bad)('refuses %j: %s at %s', (text, code, part) => {
    const parsed = safeParseRule(text);
    expect(parsed.success).toBe(false);
    expect(parsed.success ? [] : parsed.issues).toContainEqual(
      expect.objectContaining({ code, path: [part] }),
    );
    expect(() => parseRule(text)).toThrow(RecurrenceError);
  });

  it('gives issues a 400 can carry as validation keys under the form field', () => {
    const parsed = safeParseRule('FREQ=HOURLY;COUNT=0');
    expect(parsed.success ? null : recurrenceFieldErrors(parsed.issues, 'recurrence')).toEqual({
      'recurrence.FREQ': 'validation.invalidValue',
      'recurrence.COUNT': 'validation.invalidValue',
    });
    const missing = safeParseRule('');
    expect(missing.success ? null : recurrenceFieldErrors(missing.issues, 'rule')).toEqual({
      'rule.FREQ': 'validation.required',
    });
  });
});

describe('presets', () => {
  const presets: RecurrencePreset[] = [
    { frequency: 'daily', dayType: 'everyday' },
    { frequency: 'daily', dayType: 'workday' },
    { frequency: 'daily', dayType: 'weekend' },
    { frequency: 'weekly', dayType: 'everyday' },
    { frequency: 'monthly', dayType: 'everyday' },
    { frequency: 'annual', dayType: 'everyday' },
  ];
  const ends: RecurrenceEnd[] = [null, { count: 10 }, { until: Date.UTC(2027, 5, 30, 21, 59, 59) }];

  it('are these RRULEs', () => {
    expect(presets.map((preset) => presetRule(preset))).toEqual([
      'FREQ=DAILY',
      'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      'FREQ=WEEKLY;BYDAY=SA,SU',
      'FREQ=WEEKLY',
      'FREQ=MONTHLY',
      'FREQ=YEARLY',
    ]);
    expect(presetRule({ frequency: 'monthly', dayType: 'everyday' }, { count: 6 })).toBe(
      'FREQ=MONTHLY;COUNT=6',
    );
  });

  it.each(presets.flatMap((preset) => ends.map((end) => ({ preset, end }))))(
    'round-trips $preset.frequency / $preset.dayType ending $end',
    ({ preset, end }) => {
      expect(describeRule(presetRule(preset, end))).toEqual({ preset, end });
    },
  );

  it('recognises the same day sets written by other tools, and calls everything else custom', () => {
    expect(describeRule('FREQ=DAILY;BYDAY=FR,TH,WE,TU,MO').preset).toEqual({
      frequency: 'daily',
      dayType: 'workday',
    });
    expect(describeRule('RRULE:FREQ=DAILY;BYDAY=SU,SA').preset).toEqual({
      frequency: 'daily',
      dayType: 'weekend',
    });
    for (const custom of [
      'FREQ=WEEKLY;INTERVAL=2',
      'FREQ=WEEKLY;BYDAY=MO,WE',
      'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA',
      'FREQ=MONTHLY;BYDAY=1MO',
      'FREQ=MONTHLY;BYMONTHDAY=15',
      'FREQ=YEARLY;BYMONTH=5;BYDAY=2SU',
      'FREQ=DAILY;BYMONTH=12',
    ]) {
      expect(describeRule(custom).preset, custom).toBeNull();
    }
  });
});
