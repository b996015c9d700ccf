import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartColours } from '@/features/tracker/chart-colours.css';
import {
  chartSummary,
  clicksTable,
  pointText,
  type ClicksPoint,
  type InvalidClicks,
} from '@/features/tracker/chart-labels';

/**
 * Issue 18 point 3: the tracker shows valid (billed) and invalid clicks per day or hour, with the
 * reasons, in its readout, its summary and its table, and its chart's marks can be told apart.
 */

const kept = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = kept;
});

const point = (
  date: string,
  clicks: number,
  spend: number,
  invalid: Partial<InvalidClicks> = {},
): ClicksPoint => ({
  date,
  clicks,
  spend,
  invalid: { bot: 0, unidentified: 0, doubleClick: 0, dailyCap: 0, ...invalid },
});

const days = [
  point('2025-03-05', 4, 2),
  point('2025-03-06', 0, 0, { bot: 1 }),
  point('2025-03-07', 11, 5.5, { bot: 2, doubleClick: 1, dailyCap: 4 }),
];

describe('the selected bar read out', () => {
  it('adds the invalid clicks and their reasons', () => {
    expect(pointText(days[2]!, 'day')).toBe(
      'Mar 7, 2025: 11 clicks, $5.50 spent · 7 invalid (2 from bots, 1 double click, 4 over the daily cap)',
    );
  });

  it('names only the reasons that have clicks, in the singular for one', () => {
    expect(pointText(days[1]!, 'day')).toBe(
      'Mar 6, 2025: 0 clicks, $0.00 spent · 1 invalid (1 from a bot)',
    );
    // An hour in the browser's zone (issue 35): New York here.
    expect(pointText(point('2025-03-05T22:00:00.000Z', 1, 0.5, { doubleClick: 2 }), 'hour')).toBe(
      'Mar 5, 5:00 PM: 1 click, $0.50 spent · 2 invalid (2 double clicks)',
    );
  });

  it('says nothing more when no click was invalid', () => {
    expect(pointText(days[0]!, 'day')).toBe('Mar 5, 2025: 4 clicks, $2.00 spent');
  });

  it('writes thousands with separators', () => {
    expect(pointText(point('2025-03-05', 1234, 617, { dailyCap: 1500 }), 'day')).toBe(
      'Mar 5, 2025: 1,234 clicks, $617.00 spent · 1,500 invalid (1,500 over the daily cap)',
    );
  });
});

describe('the summary over the shown range', () => {
  it('gives billed clicks and spend, then the invalid clicks by reason', () => {
    expect(chartSummary({ granularity: 'day', data: days })).toBe(
      '15 billed clicks over 3 days, $7.50 spent; busiest day Mar 7, 2025 with 11. 8 invalid clicks were not billed: 3 from bots, 1 double click, 4 over the daily cap.',
    );
  });

  it('says when no click was invalid', () => {
    expect(chartSummary({ granularity: 'day', data: [days[0]!] })).toBe(
      '4 billed clicks over 1 day, $2.00 spent; busiest day Mar 5, 2025 with 4. No invalid clicks.',
    );
  });

  it('gives invalid clicks before any billed one', () => {
    expect(
      chartSummary({
        granularity: 'hour',
        data: [
          point('2025-03-05T22:00:00.000Z', 0, 0),
          point('2025-03-05T23:00:00.000Z', 0, 0, { bot: 1 }),
        ],
      }),
    ).toBe('No billed clicks yet over 2 hours. 1 invalid click was not billed: 1 from a bot.');
  });

  it('says only that there are no clicks yet when there are none of either kind', () => {
    expect(chartSummary({ granularity: 'day', data: [point('2025-03-05', 0, 0)] })).toBe(
      'No billed clicks yet over 1 day.',
    );
  });
});

describe('the chart as a table', () => {
  it('has a column per reason of invalid clicks', () => {
    const table = clicksTable({ granularity: 'day', data: days });
    expect(table.caption).toBe('Billed clicks, spend and invalid clicks per day');
    expect([table.columns, ...table.rows.map((row) => row.cells)]).toEqual([
      [
        'Date',
        'Billed clicks',
        'Spend',
        'Bots',
        'Unidentified visitors',
        'Double clicks',
        'Over daily cap',
      ],
      ['Mar 5, 2025', '4', '$2.00', '0', '0', '0', '0'],
      ['Mar 6, 2025', '0', '$0.00', '1', '0', '0', '0'],
      ['Mar 7, 2025', '11', '$5.50', '2', '0', '1', '4'],
    ]);
  });

  it("labels hourly rows by their hour in the browser's zone", () => {
    const table = clicksTable({
      granularity: 'hour',
      data: [point('2025-03-05T22:00:00.000Z', 1234, 617, { dailyCap: 12 })],
    });
    expect(table.caption).toBe('Billed clicks, spend and invalid clicks per hour');
    expect([table.columns[0], ...table.rows.map((row) => row.cells)]).toEqual([
      'Hour',
      ['Mar 5, 5:00 PM', '1,234', '$617.00', '0', '0', '0', '12'],
    ]);
  });
});

function channels(hex: string): number[] {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
}

function luminance(hex: string): number {
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = channels(hex).map((c) => linear(c / 255));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** `hex` under the selected bucket's shading. */
function shaded(hex: string): string {
  const over = channels(chartColours.selection);
  const alpha = chartColours.selectionAlpha;
  return `#${channels(hex)
    .map((c, i) => Math.round(over[i]! * alpha + c * (1 - alpha)))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

type Colour = keyof typeof chartColours;
/** Each mark and what it is drawn against (WCAG 2.2 1.4.11: 3:1 for the parts of a graphic). */
const MARKS: [mark: Colour, on: Colour][] = [
  ['validBar', 'surface'],
  ['validBar', 'halo'],
  ['invalidHatch', 'surface'],
  ['invalidHatch', 'invalidFill'],
  ['spend', 'halo'],
  ['spend', 'surface'],
];

describe('the chart colours', () => {
  it.each(MARKS)('%s on %s reads at 3:1 or more, also when selected', (mark, on) => {
    const [colour, background] = [chartColours[mark], chartColours[on]] as string[];
    expect(contrast(colour!, background!)).toBeGreaterThanOrEqual(3);
    expect(contrast(shaded(colour!), shaded(background!))).toBeGreaterThanOrEqual(3);
  });

  it('writes the axes in text that reads at 4.5:1 or more', () => {
    expect(contrast(chartColours.axis, chartColours.surface)).toBeGreaterThanOrEqual(4.5);
  });
});
