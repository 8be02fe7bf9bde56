import type { Timezone } from '../../../contracts/account.ts';

let cache: { day: string; list: Timezone[] } | undefined;

function utcOffset(timeZone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((item) => item.type === 'timeZoneName')?.value;
  // "GMT+01:00" → "+01:00"; plain "GMT" is UTC itself.
  const offset = part?.replace('GMT', '') ?? '';
  return offset === '' ? '+00:00' : offset;
}

/** Every IANA zone with today's UTC offset (offsets move with daylight saving, so the list is made per day). */
export function listTimezones(now = new Date()): Timezone[] {
  const day = now.toISOString().slice(0, 10);
  if (cache?.day !== day) {
    const zones = Intl.supportedValuesOf('timeZone');
    cache = { day, list: zones.map((tzCode) => ({ tzCode, utc: utcOffset(tzCode, now) })) };
  }
  return cache.list;
}

export function isTimezone(value: string): boolean {
  return listTimezones().some((zone) => zone.tzCode === value) || value === 'UTC';
}
