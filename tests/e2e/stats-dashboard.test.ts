import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { sendClicks } from '@/dev/click-traffic';
import { signInAsDemo } from './support/app';
import { accessibilityViolations } from './support/axe';
import { e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';
import { freeProfile, openCampaign, pauseCampaign } from './support/server-state';

/** The dev server's partner secret (PARTNER_SECRET's development default). */
const partner = { apiUrl: e2eEnv.baseUrl, secret: 'development-partner-secret' };
/** Package 1's rate (spec §9): $0.80 a click. */
const RATE_CENTS = 80;
const CLICKS = 7;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `$1,234.50` → 123450. */
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
const dollars = (amountCents: number) =>
  `$${Math.floor(amountCents / 100).toLocaleString('en-US')}.${String(amountCents % 100).padStart(2, '0')}`;

/** A figure tile's value (`<dt>` label, `<dd>` value) in `scope`. */
async function tile(scope: Locator, label: string): Promise<string> {
  return scope
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')
    .innerText();
}

/**
 * The rows of the values table the figure's "Show table" button reveals, as their cells' text: per
 * day, or per hour for a one-day range (issue 35).
 */
async function tableRows(scope: Locator, per: 'day' | 'hour' = 'day'): Promise<string[][]> {
  const toggle = scope.getByRole('button', { name: 'Show table' });
  if (await toggle.isVisible()) await toggle.click();
  const table = scope.getByRole('table', {
    name: `Billed clicks, spend and invalid clicks per ${per}`,
  });
  await table.waitFor();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.innerText)),
    );
}

/** `Nov 27, 2026` → `2026-11-27`. */
function isoDay(label: string): string {
  const [, month, day, year] = /^(\w{3}) (\d{1,2}), (\d{4})$/.exec(label)!;
  const number = MONTHS.indexOf(month!) + 1;
  return `${year}-${String(number).padStart(2, '0')}-${day!.padStart(2, '0')}`;
}

/** A table row as the CSV writes it: ISO day, plain counts, dollars without $, no cost per click as empty. */
function asCsv(cells: string[]): string {
  const [date, ...rest] = cells;
  return [
    isoDay(date!),
    ...rest.map((cell) => (cell === '—' ? '' : cell.replace(/[$,]/g, ''))),
  ].join(',');
}

async function chooseRange(page: Page, scope: Locator, label: string) {
  await scope.getByRole('combobox', { name: 'Date range' }).selectOption({ label });
  await page.waitForLoadState('networkidle');
}

test('the dashboard and the tracker show what the money bought in a range, and the CSV equals the screen', async ({
  page,
}) => {
  await signInAsDemo(page);
  const username = await freeProfile(page.request, 'ro');
  await openCampaign(page.request, username, 100);

  // Today's account figures before the clicks (the other browser tests bill clicks too).
  await page.goto('/dashboard');
  const performance = page.getByRole('region', { name: 'Performance' });
  await chooseRange(page, performance, 'Today');
  await performance.getByText(/^(Tap a bar|Choose a longer range)/).waitFor();
  const spendBefore = cents(await tile(performance, 'Total spend'));
  const clicksBefore = Number((await tile(performance, 'Billed clicks')).replace(/,/g, ''));

  expect((await sendClicks(partner, username, CLICKS)).billed).toBe(CLICKS);
  await page.reload();
  const spend = spendBefore + CLICKS * RATE_CENTS;
  const clicks = clicksBefore + CLICKS;
  await expect
    .poll(() => tile(performance, 'Billed clicks'), { timeout: 10_000 })
    .toBe(clicks.toLocaleString('en-US'));
  expect(await tile(performance, 'Total spend')).toBe(dollars(spend));
  // Today, by the hour (issue 35): its 23 to 25 hours add up to the tiles.
  const hours = await tableRows(performance, 'hour');
  expect(hours.length).toBeGreaterThanOrEqual(23);
  expect(hours.reduce((sum, row) => sum + Number(row[1]!.replace(/,/g, '')), 0)).toBe(clicks);
  expect(dollars(hours.reduce((sum, row) => sum + cents(row[2]!), 0))).toBe(dollars(spend));

  // Seven days: today is the last row, with the same figures, and the tiles are the rows' sums.
  await chooseRange(page, performance, 'Last 7 days');
  await expect.poll(async () => (await tableRows(performance)).length).toBe(7);
  const week = await tableRows(performance);
  expect(week.at(-1)!.slice(1, 3)).toEqual([clicks.toLocaleString('en-US'), dollars(spend)]);
  const weekSpend = week.reduce((sum, row) => sum + cents(row[2]!), 0);
  expect(await tile(performance, 'Total spend')).toBe(dollars(weekSpend));
  expect(await accessibilityViolations(page)).toEqual([]);

  // The tracker shows the same range (one choice for every screen) for this campaign alone.
  await page.goto(`/analytics/${username}`);
  const range = page.getByRole('region', { name: 'Spend and Clicks in Range' });
  await expect.poll(() => tile(range, 'Billed clicks'), { timeout: 10_000 }).toBe(String(CLICKS));
  expect(await tile(range, 'Spend')).toBe(dollars(CLICKS * RATE_CENTS));
  expect(await tile(range, 'Avg. cost per click')).toBe('$0.80');
  expect(await tile(range, 'Invalid clicks')).toBe('0');
  const rows = await tableRows(range);
  expect(rows).toHaveLength(7);
  // No credits: the net spend is the spend (issue 35 point 4), then no invalid click of any reason.
  expect(rows.at(-1)!.slice(1)).toEqual([
    '7',
    '$5.60',
    '$0.80',
    '0',
    '$0.00',
    '$5.60',
    ...Array<string>(7).fill('0'),
  ]);
  const from = isoDay(rows[0]![0]!);
  const to = isoDay(rows.at(-1)![0]!);
  await range
    .getByText(
      `This period (since ${rows.at(-1)![0]}): $5.60 of its $100.00 budget billed by ${rows.at(-1)![0]} (5.6%).`,
    )
    .waitFor();

  // The CSV of the clicks per day holds the table's rows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    range.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`clicks-${username}-${from}-to-${to}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  // Issue 35: the zone in the header, no day before the campaign (made today), the totals last.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(csv.split('\r\n')).toEqual([
    `Date (${zone}),Billed clicks,Spend (USD),Avg. cost per click (USD),Credited clicks,Credits (USD),Net spend (USD),Bots,Unidentified visitors,Double clicks,Over daily cap,Not placed,Too old,Future`,
    asCsv(rows.at(-1)!),
    asCsv(rows.at(-1)!).replace(/^[^,]*/, 'Total'),
  ]);

  await page.setViewportSize({ width: 390, height: 800 });
  expect(await accessibilityViolations(page)).toEqual([]);

  // The demo advertiser's money lasts for the other browser tests.
  await pauseCampaign(page.request, username);
});
