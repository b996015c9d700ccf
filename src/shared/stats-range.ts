/**
 * Issue 19: date ranges and days in the advertiser's time zone, the same on the server (which counts)
 * and in the browser (which labels). The click roll-ups are hourly, so a day starts at a whole hour:
 * a zone whose offset is not whole hours has it rounded to the nearest hour (+05:30 counts as +06:00,
 * +05:45 as +06:00, -03:30 as -03:00) and the screen says so.
 */

export const STAT_RANGES = ['today', '7d', '30d', 'all', 'custom'] as const;
export type StatRange = (typeof STAT_RANGES)[number];
export const MAX_CUSTOM_RANGE_DAYS = 731;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Whether the runtime knows this IANA time zone name: an Area/Location name, or UTC. A bare name
 * (IST, BST) is left out: PostgreSQL reads it as an abbreviation of another offset (issue 36).
 */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][\w+-]*\/[\w+\-/]+$/.test(name) && name !== 'UTC') return false;
  try {
    offsetFormatter(name);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at that instant, in minutes (east positive). */
export function zoneOffsetMinutes(timeZone: string, at: number): number {
  const name =
    offsetFormatter(timeZone)
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The whole-hour offset days are counted with (to the nearest hour, half an hour up). */
export function countedOffsetMinutes(timeZone: string, at: number): number {
  return Math.round(zoneOffsetMinutes(timeZone, at) / 60) * 60;
}

/** `+05:30`, `-03:00`, `+00:00`. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The day (`YYYY-MM-DD`) an instant falls on, counted in the zone. */
export function dayOf(timeZone: string, at: number): string {
  return new Date(at + countedOffsetMinutes(timeZone, at) * 60_000).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` plus n days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The instant (ms) a day starts in the zone, counted: a whole hour in UTC; or, given `hour`, the
 * instant the zone's clock reads that hour on the day (24: the next day's start).
 */
export function dayStart(timeZone: string, day: string, hour = 0): number {
  const wall = Date.parse(`${day}T00:00:00Z`) + hour * HOUR_MS;
  // The offset just before that time (a change of offset happens at night, never at midnight in
  // practice, and this takes the offset in force when the day begins).
  let start = wall - countedOffsetMinutes(timeZone, wall) * 60_000;
  start = wall - countedOffsetMinutes(timeZone, start) * 60_000;
  return Math.round(start / HOUR_MS) * HOUR_MS;
}

/** The days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export interface RangeRequest {
  range: StatRange;
  from?: string | undefined;
  to?: string | undefined;
  time_zone: string;
}

export interface Range {
  from: string;
  to: string;
  time_zone: string;
  utc_offset: string;
  counted_offset: string;
  rounded: boolean;
}

/**
 * The first and last day of a range: today, the last 7 or 30 days with today, all time (from the
 * first day given, e.g. the first with figures, to today) or the custom days as sent. `exact`: today
 * as the zone's exact offset has it (the statement's ledger rows, src/shared/local-days.ts), not by
 * the roll-ups' whole hours.
 */
export function resolveRange(
  request: RangeRequest,
  now: number,
  firstDay?: string,
  exact?: { today: string },
): Range {
  const zone = request.time_zone;
  const today = exact ? exact.today : dayOf(zone, now);
  let from = today;
  let to = today;
  if (request.range === '7d') from = addDays(today, -6);
  else if (request.range === '30d') from = addDays(today, -29);
  else if (request.range === 'all') from = firstDay && firstDay < today ? firstDay : today;
  else if (request.range === 'custom') {
    from = request.from ?? today;
    to = request.to ?? today;
  }
  const actual = zoneOffsetMinutes(zone, now);
  const counted = exact ? actual : countedOffsetMinutes(zone, now);
  return {
    from,
    to,
    time_zone: zone,
    utc_offset: formatOffset(actual),
    counted_offset: formatOffset(counted),
    rounded: actual !== counted,
  };
}
