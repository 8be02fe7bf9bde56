/*
 * The schedule's wall clock in a chosen zone ↔ the instant it means: the editor picks "09:00 in Europe/Berlin"
 * (a `datetime-local` value) and the server stores the instant with the zone's name beside it. Intl only.
 */

/** The zone's offset from UTC at an instant, in minutes (Berlin in summer: 120); 0 for an unknown zone. */
export function offsetMinutes(instant: number, timeZone: string): number {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value;
    const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? '');
    return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0)) : 0;
  } catch {
    return 0;
  }
}

/** `2026-12-01T09:00` on the zone's clocks → ISO instant; null for an incomplete value. */
export function localToInstant(local: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) {
    return null;
  }
  const wall = Date.parse(`${local}:00Z`);
  if (Number.isNaN(wall)) {
    return null;
  }
  // The offset at the guess, then at the corrected guess: two rounds settle every real zone.
  let instant = wall - offsetMinutes(wall, timeZone) * 60_000;
  instant = wall - offsetMinutes(instant, timeZone) * 60_000;
  return new Date(instant).toISOString();
}

/** An instant as the zone's clocks show it, in the `datetime-local` form. */
export function instantToLocal(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  return new Date(instant + offsetMinutes(instant, timeZone) * 60_000).toISOString().slice(0, 16);
}
