import { zoneOffsetMinutes } from './stats-range';

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
  return midnightUtc - zoneOffsetMinutes(timeZone, start) * 60_000;
}
