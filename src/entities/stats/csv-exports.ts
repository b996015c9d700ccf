import type { unparse } from 'papaparse';
import type { Campaign } from '@/shared/contract/campaign';
import type { CampaignHistoryEntry } from '@/shared/contract/campaigns';
import type { CampaignFigures, RangeTotals, ResolvedRange } from '@/shared/contract/stats';
import { dollarsToCents } from '@/shared/money';
import { clicksUsed } from '../campaign/campaign-list';

/**
 * Issue 19: the figures a list row shows, sorts by and exports for the chosen range (All Campaigns
 * and Expired Campaigns), and the two lists' CSV exports. One lookup for screen and file, so that the
 * file holds what the screen shows.
 */

/** A campaign or history entry missing from the range's answer had nothing in the range. */
export const NO_FIGURES: RangeTotals = {
  spend: 0,
  clicks: 0,
  avg_cpc: 0,
  invalid: 0,
  credits: 0,
  credited_clicks: 0,
  net_spend: 0,
};

/** A row's figures in the range, and the reasons of its credits there when it has any. */
export type RowFigures = RangeTotals & Pick<CampaignFigures, 'credit_reasons'>;
export type FiguresOf = (id: number) => RowFigures;

/** The figures of each id of the answer (campaign ids, or history entry ids). */
export function figuresLookup(answer: readonly CampaignFigures[] | undefined): FiguresOf {
  const byId = new Map(answer?.map((figures) => [figures.id, figures]));
  return (id) => byId.get(id) ?? NO_FIGURES;
}

/** The rows' sums; the cost per click of the sums, rounded to the cent, 0 without clicks (contract). */
export function sumFigures(rows: readonly RangeTotals[]): RangeTotals {
  let spendCents = 0;
  let clicks = 0;
  let invalid = 0;
  let creditCents = 0;
  let credited = 0;
  for (const row of rows) {
    spendCents += dollarsToCents(row.spend);
    clicks += row.clicks;
    invalid += row.invalid;
    creditCents += dollarsToCents(row.credits);
    credited += row.credited_clicks;
  }
  const avgCpcCents = clicks > 0 ? Math.round(spendCents / clicks) : 0;
  return {
    spend: spendCents / 100,
    clicks,
    avg_cpc: avgCpcCents / 100,
    invalid,
    credits: creditCents / 100,
    credited_clicks: credited,
    net_spend: (spendCents - creditCents) / 100,
  };
}

export type RangeMeasure = 'spend' | 'clicks' | 'avg_cpc';

/**
 * Most or least first by one figure in the range. A row without clicks has no cost per click: it
 * comes last either way, so that "Lowest Cost per Click" does not open with the rows that bought
 * nothing. Ties keep the list's order (the sort is stable).
 */
export function compareInRange(measure: RangeMeasure, most: boolean) {
  return (a: RangeTotals, b: RangeTotals): number => {
    if (measure === 'avg_cpc' && (a.clicks === 0 || b.clicks === 0)) {
      return Number(a.clicks === 0) - Number(b.clicks === 0);
    }
    return most ? b[measure] - a[measure] : a[measure] - b[measure];
  };
}

/** The sort orders by range figures, with their labels (both lists offer the same six). */
export const RANGE_SORTS = {
  'Highest Spend in Range': compareInRange('spend', true),
  'Lowest Spend in Range': compareInRange('spend', false),
  'Most Clicks in Range': compareInRange('clicks', true),
  'Least Clicks in Range': compareInRange('clicks', false),
  'Highest Cost per Click in Range': compareInRange('avg_cpc', true),
  'Lowest Cost per Click in Range': compareInRange('avg_cpc', false),
} satisfies Record<string, (a: RangeTotals, b: RangeTotals) => number>;
export type RangeSortName = keyof typeof RANGE_SORTS;
export const RANGE_SORT_NAMES = Object.keys(RANGE_SORTS) as RangeSortName[];

/** Dollars as a spreadsheet reads them: `1234.5` → `1234.50` (no $ sign, no thousands separator). */
function dollars(amount: number): string {
  return (dollarsToCents(amount) / 100).toFixed(2);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** An instant as the day it is in the advertiser's time zone, `2026-11-27` (empty for none). */
function day(value: string | null, timeZone: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes a date as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone,
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(date);
}

/** Issue 35 point 4: gross spend, then the credits for clicks found invalid later, and the net. */
const RANGE_COLUMNS = [
  'Spend in range (USD)',
  'Clicks in range',
  'Avg. CPC in range (USD)',
  'Invalid clicks in range',
  'Credits in range (USD)',
  'Credited clicks in range',
  'Net spend in range (USD)',
  'Credit reasons',
] as const;

/**
 * The cost per click is empty without clicks, as the screen shows none ("—"); the reasons of the
 * credits are the row's (none on the totals row).
 */
function rangeCells(figures: RowFigures): string[] {
  return [
    dollars(figures.spend),
    String(figures.clicks),
    figures.clicks > 0 ? dollars(figures.avg_cpc) : '',
    String(figures.invalid),
    dollars(figures.credits),
    String(figures.credited_clicks),
    dollars(figures.net_spend),
    (figures.credit_reasons ?? []).join('; '),
  ];
}

/** Issue 35: the dates' columns name the time zone their days are in. */
const zoned = (name: string, timeZone: string) => `${name} (${timeZone})`;

function campaignColumns(timeZone: string): string[] {
  return [
    'Username',
    'Full name',
    'Package',
    'Categories',
    'Status',
    'Clicks purchased',
    'Clicks used',
    'Clicks remaining',
    'Budget (USD)',
    'Remaining (USD)',
    'Rate (USD)',
    zoned('Start', timeZone),
    zoned('End', timeZone),
    ...RANGE_COLUMNS,
  ];
}

function campaignRow(campaign: Campaign, figures: RowFigures, timeZone: string): string[] {
  return [
    campaign.Profile.username,
    campaign.Profile.ProfileDatum.full_name,
    campaign.package_name,
    campaign.categories.join('; '),
    campaign.status ? 'Active' : 'Inactive',
    String(campaign.clicks_purchased),
    String(clicksUsed(campaign)),
    String(campaign.remaining_clicks),
    dollars(campaign.amount_deposit),
    dollars(campaign.amount_remaining),
    dollars(campaign.click_rate),
    day(campaign.start_date, timeZone),
    day(campaign.end_date, timeZone),
    ...rangeCells(figures),
  ];
}

function historyColumns(timeZone: string): string[] {
  return [
    'Profile',
    'Package',
    'Categories',
    'Clicks purchased',
    'Clicks used',
    'Total spent (USD)',
    'Rate (USD)',
    'Last deposit (USD)',
    zoned('Start', timeZone),
    zoned('End', timeZone),
    ...RANGE_COLUMNS,
  ];
}

function historyRow(entry: CampaignHistoryEntry, figures: RowFigures, timeZone: string): string[] {
  return [
    entry.profile_id,
    entry.package_name,
    entry.categories.join('; '),
    String(entry.total_clicks_purchased),
    String(entry.clicks_count),
    dollars(entry.total_spent),
    dollars(entry.click_rate),
    dollars(entry.amount_deposit),
    day(entry.start_date, timeZone),
    day(entry.end_date, timeZone),
    ...rangeCells(figures),
  ];
}

/**
 * Issue 35: the list's "Total" line as the file's last row: the range's figures summed over the rows
 * (as the screen sums them: sumFigures), the other columns empty.
 */
function totalsRow(columns: number, figures: readonly RangeTotals[]): string[] {
  const cells = rangeCells(sumFigures(figures));
  return ['Total', ...Array<string>(columns - 1 - cells.length).fill(''), ...cells];
}

/**
 * RFC 4180 text with CRLF lines, one row per campaign in the order given (the screen's), then the
 * totals; dates are days in `timeZone` (the range's). A cell starting with = + - @, a tab or a
 * carriage return gets a leading ' so that a spreadsheet shows it instead of running it as a formula.
 */
export function campaignsCsv(
  campaigns: readonly Campaign[],
  figuresOf: FiguresOf,
  unparseCsv: typeof unparse,
  timeZone: string,
): string {
  const fields = campaignColumns(timeZone);
  const figures = campaigns.map((campaign) => figuresOf(campaign.id));
  const data = campaigns.map((campaign, index) => campaignRow(campaign, figures[index]!, timeZone));
  data.push(totalsRow(fields.length, figures));
  return unparseCsv({ fields, data }, { escapeFormulae: true });
}

/** The history's CSV, as campaignsCsv. */
export function historyCsv(
  entries: readonly CampaignHistoryEntry[],
  figuresOf: FiguresOf,
  unparseCsv: typeof unparse,
  timeZone: string,
): string {
  const fields = historyColumns(timeZone);
  const figures = entries.map((entry) => figuresOf(entry.id));
  const data = entries.map((entry, index) => historyRow(entry, figures[index]!, timeZone));
  data.push(totalsRow(fields.length, figures));
  return unparseCsv({ fields, data }, { escapeFormulae: true });
}

/** `campaigns-2026-10-29-to-2026-11-27.csv`: the range's days as the server resolved them. */
export function csvFileName(list: 'campaigns' | 'campaign-history', range: ResolvedRange): string {
  return `${list}-${range.from}-to-${range.to}.csv`;
}
