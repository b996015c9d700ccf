import { addDays, zoneOffsetMinutes } from './stats-range';

/**
 * Issue 35: days by the zone's exact offset. The ledger's rows are dated to the second, so the
 * statement's days begin at the zone's own midnight (+05:30 included), where the hourly roll-ups
 * count whole hours (stats-range.ts). Apart from stats-range.ts, which every first load holds.
 */

/** The day (`YYYY-MM-DD`) an instant falls on in the zone. */
export function localDayOf(timeZone: string, at: number): string {
  return new Date(at + zoneOffsetMinutes(timeZone, at) * 60_000).toISOString().slice(0, 10);
}

/** The instant (ms) a day begins in the zone. */
export function localDayStart(timeZone: string, day: string): number {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const start = midnightUtc - zoneOffsetMinutes(timeZone, midnightUtc) * 60_000;
  let at = midnightUtc - zoneOffsetMinutes(timeZone, start) * 60_000;
  // Where the clocks skip midnight (Santiago, Havana), the day begins at the first instant it has.
  for (let step = 0; step < 8 && localDayOf(timeZone, at) < day; step += 1) at += 15 * 60_000;
  return at;
}

/**
 * Issue 36: the instant (ms) the zone's next day begins after `at`: when a change of the account's
 * time zone takes effect, and when a daily budget starts again.
 */
export function nextLocalMidnight(timeZone: string, at: number): number {
  return localDayStart(timeZone, addDays(localDayOf(timeZone, at), 1));
}
