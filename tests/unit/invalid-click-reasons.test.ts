import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { dayRows, daysTable, dayText } from '@/entities/stats/components/day-figures';
import { clicksTable, pointText } from '@/features/tracker/chart-labels';
import { clicksCsv } from '@/features/tracker/clicks-csv';
import type { InvalidByReason } from '@/shared/contract/stats';
import { INVALID_REASONS } from '@/shared/invalid-clicks';
import { REASON_COLUMNS, TRACKER_COLUMNS } from '@/server/domain/clicks/rollup-columns';
import { RECORD_AND_BILL } from '@/server/domain/clicks/statement';

/**
 * Issue 34 point 4: a reason of invalid clicks is data. Its label was spelled out in each screen and
 * drifted ("over the daily cap" on the dashboard, "past the daily limit" on the tracker); the
 * dashboard, the tracker and the CSV now read each reason's one label from src/shared/invalid-clicks.ts.
 */

const none = Object.fromEntries(
  INVALID_REASONS.map(({ code }) => [code, 0]),
) as unknown as InvalidByReason;

const trackerReasons = INVALID_REASONS.filter((reason) => 'tracker' in reason);

describe('each reason of invalid clicks', () => {
  it('has one label, and one text for a count, that no other reason has', () => {
    for (const key of ['code', 'label', 'one'] as const)
      expect(new Set(INVALID_REASONS.map((reason) => reason[key])).size).toBe(
        INVALID_REASONS.length,
      );
  });

  it.each(INVALID_REASONS.map((reason) => [reason.code, reason] as const))(
    '%s heads its column on the dashboard and in the CSV with its label',
    (_code, reason) => {
      const days = [
        { date: '2026-11-27', clicks: 0, spend: 0, credits: 0, credited_clicks: 0, invalid: none },
      ];
      expect(daysTable(dayRows(days)).columns).toContain(reason.label);
      const range = {
        from: '2026-11-27',
        to: '2026-11-27',
        time_zone: 'UTC',
        utc_offset: '+00:00',
        counted_offset: '+00:00',
        rounded: false,
      };
      const [header] = clicksCsv(
        { days, hours: [], range },
        '2026-11-27T00:00:00.000Z',
        Papa.unparse,
      ).split('\r\n');
      expect(header!.split(',')).toContain(reason.label);
    },
  );

  it.each(INVALID_REASONS.map((reason) => [reason.code, reason] as const))(
    '%s is read out on the dashboard in its own words',
    (code, reason) => {
      const [one] = dayRows([
        {
          date: '2026-11-27',
          clicks: 0,
          spend: 0,
          credits: 0,
          credited_clicks: 0,
          invalid: { ...none, [code]: 1 },
        },
      ]);
      const [two] = dayRows([
        {
          date: '2026-11-27',
          clicks: 0,
          spend: 0,
          credits: 0,
          credited_clicks: 0,
          invalid: { ...none, [code]: 2 },
        },
      ]);
      expect(dayText(one!)).toContain(`1 invalid (1 ${reason.one})`);
      expect(dayText(two!)).toContain(
        `2 invalid (2 ${'many' in reason ? reason.many : reason.one})`,
      );
    },
  );

  it.each(trackerReasons.map((reason) => [reason.code, reason] as const))(
    '%s is counted, read out and heads its column on the tracker with the same label',
    (code, reason) => {
      const invalid = { bot: 0, unidentified: 0, doubleClick: 0, dailyCap: 0, [code]: 2 };
      const point = { date: '2025-03-07', clicks: 1, spend: 0.5, invalid };
      expect(pointText(point, 'day')).toBe(
        `Mar 7, 2025: 1 click, $0.50 spent · 2 invalid (2 ${'many' in reason ? reason.many : reason.one})`,
      );
      expect(clicksTable({ granularity: 'day', data: [point] }).columns).toContain(reason.label);
    },
  );

  it('are the tracker chart’s reasons in the registry’s order', () => {
    expect(clicksTable({ granularity: 'day', data: [] }).columns.slice(3)).toEqual(
      trackerReasons.map(({ label }) => label),
    );
  });
});

describe('the roll-ups of the reasons', () => {
  it('keep each reason in its column of click_hours and user_click_hours', () => {
    expect(REASON_COLUMNS.map(({ column }) => column)).toEqual([
      'bot',
      'unidentified',
      'double_click',
      'daily_cap',
      'not_placed',
      'too_old',
      'future',
    ]);
    expect(TRACKER_COLUMNS.map(({ column }) => column)).toEqual([
      'bot',
      'unidentified',
      'double_click',
      'daily_cap',
    ]);
  });

  it.each(REASON_COLUMNS.map((reason) => [reason.code, reason] as const))(
    '%s is counted by the billing statement, in its answer and its roll-up column',
    (code, { column, kept }) => {
      const statement = RECORD_AND_BILL.replace(/\s+/g, ' ');
      expect(statement).toContain(`sum(${column})`);
      expect(statement).toContain(`${column} = h.${column} + excluded.${column}`);
      expect(statement).toContain(
        kept
          ? `count(*) FILTER (WHERE s.verdict = '${code}')::int AS "${code}"`
          : `count(*) FILTER (WHERE preset = '${code}')::int AS "${code}"`,
      );
    },
  );
});
