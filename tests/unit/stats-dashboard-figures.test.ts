import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { DayFigures, InvalidByReason } from '@/shared/contract/stats';
import {
  dayRows,
  daysSummary,
  daysTable,
  dayText,
  hasNoClicks,
  invalidTotal,
  periodSpendCents,
} from '@/entities/stats/components/day-figures';
import { clicksCsv, clicksCsvFileName } from '@/features/tracker/clicks-csv';

/**
 * Issue 19: a range's days as the dashboard and the tracker show them (summary, readout, table) and
 * as the tracker's CSV writes them: the same figures in both.
 */

const NONE: InvalidByReason = {
  bot: 0,
  unidentified: 0,
  doubleClick: 0,
  dailyCap: 0,
  notPlaced: 0,
  tooOld: 0,
  future: 0,
};

const day = (
  date: string,
  clicks: number,
  spend: number,
  invalid: Partial<InvalidByReason> = {},
): DayFigures => ({
  date,
  clicks,
  spend,
  credits: 0,
  credited_clicks: 0,
  invalid: { ...NONE, ...invalid },
});

const days = [
  day('2026-11-25', 0, 0),
  day('2026-11-26', 3, 1.1, { bot: 2, future: 1 }),
  // Two of its clicks credited back later (issue 35 point 4).
  { ...day('2026-11-27', 1200, 960), credits: 1.6, credited_clicks: 2 },
];

describe('a range of days', () => {
  it('counts every reason of invalid clicks', () => {
    expect(
      invalidTotal({
        bot: 1,
        unidentified: 7,
        doubleClick: 2,
        dailyCap: 3,
        notPlaced: 4,
        tooOld: 5,
        future: 6,
      }),
    ).toBe(28);
  });

  it('gives each day its cost per click, rounded to the cent, and none without clicks', () => {
    expect(dayRows(days).map((row) => [row.spendCents, row.avgCpcCents])).toEqual([
      [0, null],
      [110, 37],
      [96_000, 80],
    ]);
  });

  it("gives the period's spend at the range's start and by each day's end, in cents", () => {
    const rows = dayRows(days); // Nov 25 $0.00, Nov 26 $1.10, Nov 27 $960.00
    // Begun before the range: $973.40 by its end, $12.30 of it before the range.
    expect(periodSpendCents({ from: '2026-11-01', spent: 973.4 }, rows)).toEqual([
      1230, 1230, 1340, 97_340,
    ]);
    // Begun on Nov 26, after $1.00 of the period before was billed that day: $0.10 by its end.
    expect(periodSpendCents({ from: '2026-11-26', spent: 960.1 }, rows)).toEqual([
      0, 0, 10, 96_010,
    ]);
    // Begun after the range: nothing in it.
    expect(periodSpendCents({ from: '2026-11-28', spent: 0 }, rows)).toEqual([0, 0, 0, 0]);
  });

  it('says whether any click came, billed or not', () => {
    expect(hasNoClicks([day('2026-11-27', 0, 0)])).toBe(true);
    expect(hasNoClicks([day('2026-11-27', 0, 0, { tooOld: 1 })])).toBe(false);
    expect(hasNoClicks(days)).toBe(false);
  });
});

describe('the text of the chart', () => {
  it('reads a day out with its invalid clicks by reason', () => {
    const [, second, third] = dayRows(days);
    expect(dayText(second!)).toBe(
      'Nov 26, 2026: 3 billed clicks, $1.10 spent · 3 invalid (2 from bots, 1 dated in the future)',
    );
    expect(dayText(third!)).toBe('Nov 27, 2026: 1,200 billed clicks, $960.00 spent');
  });

  it('sums the range up with its busiest day', () => {
    expect(daysSummary(dayRows(days))).toBe(
      '1,203 billed clicks over 3 days, $961.10 spent; busiest day Nov 27, 2026 with 1,200. ' +
        '3 invalid clicks were not billed: 2 from bots, 1 dated in the future.',
    );
    expect(daysSummary(dayRows([day('2026-11-27', 0, 0, { dailyCap: 1 })]))).toBe(
      'No billed clicks over 1 day. 1 invalid click was not billed: 1 over the daily cap.',
    );
  });

  it('shows the days as a table with their credits and a column per reason', () => {
    const table = daysTable(dayRows(days));
    expect(table.columns).toEqual([
      'Date',
      'Billed clicks',
      'Spend',
      'Avg. cost per click',
      'Credited clicks',
      'Credits',
      'Net spend',
      'Bots',
      'Unidentified visitors',
      'Double clicks',
      'Over daily cap',
      'Not placed',
      'Too old',
      'Future',
    ]);
    expect(table.rows.map((row) => row.cells)).toEqual([
      ['Nov 25, 2026', '0', '$0.00', '—', '0', '$0.00', '$0.00', '0', '0', '0', '0', '0', '0', '0'],
      [
        'Nov 26, 2026',
        '3',
        '$1.10',
        '$0.37',
        '0',
        '$0.00',
        '$1.10',
        '2',
        '0',
        '0',
        '0',
        '0',
        '0',
        '1',
      ],
      [
        'Nov 27, 2026',
        '1,200',
        '$960.00',
        '$0.80',
        '2',
        '$1.60',
        '$958.40',
        '0',
        '0',
        '0',
        '0',
        '0',
        '0',
        '0',
      ],
    ]);
  });
});

describe("a campaign's clicks per day as CSV", () => {
  const NY = 'America/New_York';
  const range = (from: string, to: string) => ({
    from,
    to,
    time_zone: NY,
    utc_offset: '-05:00',
    counted_offset: '-05:00',
    rounded: false,
  });
  const HEADER =
    'Billed clicks,Spend (USD),Avg. cost per click (USD),Credited clicks,Credits (USD),Net spend (USD),Bots,Unidentified visitors,Double clicks,Over daily cap,Not placed,Too old,Future';

  it('holds the table’s figures from the campaign’s first day in the zone, then the totals', () => {
    // Created on Nov 27 at 03:00 UTC: Nov 26, 22:00 in New York. Nov 25 is left out.
    const csv = clicksCsv(
      { days, hours: [], range: range('2026-11-25', '2026-11-27') },
      '2026-11-27T03:00:00.000Z',
      Papa.unparse,
    );
    expect(csv.split('\r\n')).toEqual([
      `Date (America/New_York),${HEADER}`,
      '2026-11-26,3,1.10,0.37,0,0.00,1.10,2,0,0,0,0,0,1',
      '2026-11-27,1200,960.00,0.80,2,1.60,958.40,0,0,0,0,0,0,0',
      'Total,1203,961.10,0.80,2,1.60,959.50,2,0,0,0,0,0,1',
    ]);
  });

  it('writes a one-day range by the hour in the zone, from the hour the campaign began', () => {
    // Dec 7 in New York: 05:00 UTC on. Created at 19:30 UTC (14:30 there); 4 clicks from 15:00.
    const hours = Array.from({ length: 24 }, (_, index) => ({
      at: new Date(Date.parse('2026-12-07T05:00:00Z') + index * 3_600_000).toISOString(),
      clicks: index === 15 ? 4 : 0,
      spend: index === 15 ? 3.2 : 0,
      credits: 0,
      credited_clicks: 0,
      invalid: NONE,
    }));
    const csv = clicksCsv(
      { days: [day('2026-12-07', 4, 3.2)], hours, range: range('2026-12-07', '2026-12-07') },
      '2026-12-07T19:30:00.000Z',
      Papa.unparse,
    );
    expect(csv.split('\r\n')).toEqual([
      `Hour (America/New_York),${HEADER}`,
      '2026-12-07 14:00,0,0.00,,0,0.00,0.00,0,0,0,0,0,0,0',
      '2026-12-07 15:00,4,3.20,0.80,0,0.00,3.20,0,0,0,0,0,0,0',
      ...[16, 17, 18, 19, 20, 21, 22, 23].map(
        (hour) => `2026-12-07 ${hour}:00,0,0.00,,0,0.00,0.00,0,0,0,0,0,0,0`,
      ),
      'Total,4,3.20,0.80,0,0.00,3.20,0,0,0,0,0,0,0',
    ]);
  });

  it('is named after the campaign and the range’s days', () => {
    expect(clicksCsvFileName('anna.yoga', { from: '2026-10-29', to: '2026-11-27' })).toBe(
      'clicks-anna.yoga-2026-10-29-to-2026-11-27.csv',
    );
  });
});
