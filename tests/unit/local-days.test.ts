import { describe, expect, it } from 'vitest';
import { localDayOf, localDayStart, nextLocalMidnight } from '@/shared/local-days';

/** Issue 36 point 1: the account's days, by the zone's exact offset (no rounding to the hour). */
describe('local days', () => {
  it('begin at the exact midnight of a zone 30 minutes off the hour', () => {
    expect(localDayOf('Asia/Kolkata', Date.parse('2026-12-07T18:29:59Z'))).toBe('2026-12-07');
    expect(localDayOf('Asia/Kolkata', Date.parse('2026-12-07T18:30:00Z'))).toBe('2026-12-08');
    expect(new Date(localDayStart('Asia/Kolkata', '2026-12-08')).toISOString()).toBe(
      '2026-12-07T18:30:00.000Z',
    );
    expect(new Date(localDayStart('Asia/Kathmandu', '2026-12-08')).toISOString()).toBe(
      '2026-12-07T18:15:00.000Z',
    );
  });

  it('give the next midnight after an instant, across a change of the clocks', () => {
    const next = (zone: string, at: string) =>
      new Date(nextLocalMidnight(zone, Date.parse(at))).toISOString();
    expect(next('Asia/Kolkata', '2026-12-07T18:00:00Z')).toBe('2026-12-07T18:30:00.000Z');
    // At midnight itself: the day after's.
    expect(next('Asia/Kolkata', '2026-12-07T18:30:00Z')).toBe('2026-12-08T18:30:00.000Z');
    expect(next('UTC', '2026-12-07T23:59:59.999Z')).toBe('2026-12-08T00:00:00.000Z');
    // New York springs forward on Mar 8 (23 hours) and falls back on Nov 1 (25 hours).
    expect(next('America/New_York', '2026-03-08T06:00:00Z')).toBe('2026-03-09T04:00:00.000Z');
    expect(next('America/New_York', '2026-11-01T05:00:00Z')).toBe('2026-11-02T05:00:00.000Z');
  });

  it('begin at the first instant a day has where the clocks skip its midnight (Santiago)', () => {
    // Sep 7, 2025: 00:00 -04:00 became 01:00 -03:00, 04:00 UTC.
    expect(new Date(localDayStart('America/Santiago', '2025-09-07')).toISOString()).toBe(
      '2025-09-07T04:00:00.000Z',
    );
    expect(localDayOf('America/Santiago', Date.parse('2025-09-07T03:59:59Z'))).toBe('2025-09-06');
  });
});
