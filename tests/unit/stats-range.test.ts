import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { RangeBody } from '@/shared/contract/stats';
import {
  countedOffsetMinutes,
  dayOf,
  dayStart,
  daysBetween,
  formatOffset,
  isTimeZone,
  resolveRange,
} from '@/shared/stats-range';

const at = (iso: string) => Date.parse(iso);

describe('days in the advertiser time zone (issue 19)', () => {
  it('counts whole-hour zones as they are and rounds 30- and 45-minute ones to the nearest hour', () => {
    expect(countedOffsetMinutes('America/New_York', at('2026-01-10T12:00:00Z'))).toBe(-300);
    expect(countedOffsetMinutes('America/New_York', at('2026-07-10T12:00:00Z'))).toBe(-240);
    expect(countedOffsetMinutes('Asia/Kolkata', at('2026-01-10T12:00:00Z'))).toBe(360);
    expect(countedOffsetMinutes('Asia/Kathmandu', at('2026-01-10T12:00:00Z'))).toBe(360);
    expect(countedOffsetMinutes('America/St_Johns', at('2026-01-10T12:00:00Z'))).toBe(-180);
    expect(countedOffsetMinutes('UTC', at('2026-01-10T12:00:00Z'))).toBe(0);
    expect(formatOffset(-210)).toBe('-03:30');
    expect(formatOffset(345)).toBe('+05:45');
  });

  it('starts each day at its midnight, a 23-hour day where the clocks go forward', () => {
    expect(new Date(dayStart('America/New_York', '2026-03-05')).toISOString()).toBe(
      '2026-03-05T05:00:00.000Z',
    );
    expect(new Date(dayStart('Asia/Kolkata', '2026-03-06')).toISOString()).toBe(
      '2026-03-05T18:00:00.000Z',
    );
    // Berlin goes from +01:00 to +02:00 on 2026-03-29 at 02:00.
    expect(new Date(dayStart('Europe/Berlin', '2026-03-29')).toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(new Date(dayStart('Europe/Berlin', '2026-03-30')).toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
  });

  it('puts an instant on its day in the zone', () => {
    expect(dayOf('America/New_York', at('2026-03-06T04:59:59Z'))).toBe('2026-03-05');
    expect(dayOf('America/New_York', at('2026-03-06T05:00:00Z'))).toBe('2026-03-06');
    expect(dayOf('Asia/Kolkata', at('2026-03-05T17:59:59Z'))).toBe('2026-03-05');
    expect(dayOf('Asia/Kolkata', at('2026-03-05T18:00:00Z'))).toBe('2026-03-06');
  });

  it('resolves today, 7 and 30 days, all time and custom ranges', () => {
    const now = at('2026-03-06T03:00:00Z'); // Mar 5, 22:00 in New York
    const zone = 'America/New_York';
    expect(resolveRange({ range: 'today', time_zone: zone }, now)).toEqual({
      from: '2026-03-05',
      to: '2026-03-05',
      time_zone: zone,
      utc_offset: '-05:00',
      counted_offset: '-05:00',
      rounded: false,
    });
    expect(resolveRange({ range: '7d', time_zone: zone }, now).from).toBe('2026-02-27');
    expect(resolveRange({ range: '30d', time_zone: zone }, now).from).toBe('2026-02-04');
    expect(resolveRange({ range: 'all', time_zone: zone }, now, '2025-12-01').from).toBe(
      '2025-12-01',
    );
    expect(resolveRange({ range: 'all', time_zone: zone }, now).from).toBe('2026-03-05');
    expect(
      resolveRange(
        { range: 'custom', from: '2026-01-01', to: '2026-01-31', time_zone: 'Asia/Kolkata' },
        now,
      ),
    ).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      time_zone: 'Asia/Kolkata',
      utc_offset: '+05:30',
      counted_offset: '+06:00',
      rounded: true,
    });
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('refuses unknown zones and bad custom ranges with clear messages', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone("UTC'; DROP TABLE users")).toBe(false);
    const issue = (body: unknown) => {
      const result = v.safeParse(RangeBody, body);
      return result.success ? undefined : result.issues[0].message;
    };
    expect(issue({ range: '7d', time_zone: 'Mars/Olympus' })).toBe('Unknown time zone');
    expect(issue({ range: 'week', time_zone: 'UTC' })).toBe(
      'Choose a range: today, 7d, 30d, all or custom',
    );
    expect(issue({ range: 'custom', from: '2026-01-01', time_zone: 'UTC' })).toBe(
      'A custom range needs its first and last day',
    );
    expect(issue({ range: 'custom', from: '2026-02-01', to: '2026-01-01', time_zone: 'UTC' })).toBe(
      'The first day must not be after the last day',
    );
    expect(issue({ range: 'custom', from: '2024-01-01', to: '2026-01-01', time_zone: 'UTC' })).toBe(
      'A custom range can span at most 731 days',
    );
    // Issue 35: a day to come has no figures yet.
    expect(issue({ range: 'custom', from: '2026-01-01', to: '2999-01-01', time_zone: 'UTC' })).toBe(
      'The last day must not be after today',
    );
    expect(issue({ range: 'custom', from: '2026-02-30', to: '2026-03-01', time_zone: 'UTC' })).toBe(
      'Each day must be a date like 2026-11-27',
    );
    expect(issue({ range: 'custom', from: '2024-01-02', to: '2026-01-01', time_zone: 'UTC' })).toBe(
      undefined,
    );
  });
});
