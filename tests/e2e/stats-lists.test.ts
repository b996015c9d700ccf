import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { sendClicks } from '@/dev/click-traffic';
import { signInAsDemo } from './support/app';
import { e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';
import { campaignsOf, openCampaign, pauseCampaign } from './support/server-state';

/** The dev server's partner secret (PARTNER_SECRET's development default). */
const partner = { apiUrl: e2eEnv.baseUrl, secret: 'development-partner-secret' };

/**
 * Two creators the demo advertiser never promoted (no campaign, no history entry), so that every
 * figure of theirs in the lists comes from this test.
 */
async function unusedProfiles(api: APIRequestContext, query: string): Promise<[string, string]> {
  const found = (await (await api.post('/api/search-profiles', { data: { query } })).json()) as {
    data: { username: string }[];
  };
  const history = (await (await api.get('/api/user/campaign-history')).json()) as {
    data: { profile_id: string }[];
  };
  const used = new Set([
    ...(await campaignsOf(api)).map((campaign) => campaign.Profile.username),
    ...history.data.map((entry) => entry.profile_id),
  ]);
  const unused = found.data.map((profile) => profile.username).filter((name) => !used.has(name));
  expect(unused.length).toBeGreaterThanOrEqual(2);
  return [unused[0]!, unused[1]!];
}

/** A row's figures as the screen shows them: spend, clicks and cost per click, e.g. `$8.00`. */
async function figuresIn(group: Locator) {
  const [spend, clicks, cpc] = await group.getByRole('definition').allInnerTexts();
  return { spend, clicks, cpc };
}

/** A row's line of figures, named by the range. */
const inRange = (row: Locator) => row.getByRole('group', { name: 'Last 30 days', exact: true });
const shownFigures = (row: Locator) => figuresIn(inRange(row));

/** The screen's `$1,234.50` as the file writes it, `1234.50`; "—" (no clicks) as an empty cell. */
const asCsvDollars = (shown: string | undefined) =>
  shown === '—' ? '' : (shown ?? '').replace(/[$,]/g, '');

/**
 * Clicks a list's Export CSV and reads the file: its name, its rows by column name, and its last
 * row, the totals (issue 35).
 */
async function exportCsv(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const text = readFileSync((await download.path())!, 'utf8');
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  return {
    fileName: download.suggestedFilename(),
    rows: parsed.data.slice(0, -1),
    total: parsed.data.at(-1)!,
  };
}

/** The days of "Last 30 days" in the browser's time zone, as the file name carries them. */
async function last30Days(page: Page): Promise<string> {
  return page.evaluate(() => {
    const today = new Date().toLocaleDateString('en-CA');
    const from = new Date(Date.parse(today) - 29 * 86_400_000).toISOString().slice(0, 10);
    return `${from}-to-${today}`;
  });
}

test('the campaigns and their history sort by spend in the range and export as shown', async ({
  page,
}) => {
  await signInAsDemo(page);
  const api = page.request;
  // Main Categories at $0.80 a click, then Site-Wide at $0.60.
  const [cheaper, dearer] = await unusedProfiles(api, 'neon');
  await openCampaign(api, cheaper, 100);
  const created = await api.post('/api/new-campaign', {
    data: { username: dearer, package_id: 2, amount_deposit: 100 },
  });
  expect(created.status()).toBe(201);
  expect((await sendClicks(partner, cheaper, 10)).billed).toBe(10);
  expect((await sendClicks(partner, dearer, 15)).billed).toBe(15);

  // 10 x $0.80 = $8.00 against 15 x $0.60 = $9.00: the Site-Wide one spent more.
  await page.goto('/campaigns');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Highest Spend in Range');
  const cards = page.getByRole('article');
  const card = (username: string) =>
    page.getByRole('article', { name: `Campaign for ${username}`, exact: true });
  await inRange(card(dearer)).getByText('$9.00', { exact: true }).waitFor();
  expect(await shownFigures(card(dearer))).toEqual({ spend: '$9.00', clicks: '15', cpc: '$0.60' });
  expect(await shownFigures(card(cheaper))).toEqual({ spend: '$8.00', clicks: '10', cpc: '$0.80' });
  const order = (
    await cards.evaluateAll((all) => all.map((one) => one.getAttribute('aria-label') ?? ''))
  ).map((label) => label.replace('Campaign for ', ''));
  expect(order.indexOf(dearer)).toBeLessThan(order.indexOf(cheaper));
  const spends = await Promise.all(
    order.map(async (name) => (await shownFigures(card(name))).spend),
  );
  const cents = spends.map((spend) => Math.round(Number(asCsvDollars(spend)) * 100));
  expect(cents).toEqual([...cents].sort((a, b) => b - a));

  // The file holds the rows of the screen, in its order, with its figures.
  const campaignsFile = await exportCsv(page);
  expect(campaignsFile.fileName).toBe(`campaigns-${await last30Days(page)}.csv`);
  expect(campaignsFile.rows.map((row) => row.Username)).toEqual(order);
  expect(campaignsFile.rows.map((row) => row['Spend in range (USD)'])).toEqual(
    spends.map(asCsvDollars),
  );
  // The total above the list is the sum of the rows.
  const fileCents = campaignsFile.rows.reduce(
    (sum, row) => sum + Math.round(Number(row['Spend in range (USD)']) * 100),
    0,
  );
  const total = await figuresIn(page.getByRole('group', { name: 'Total, Last 30 days' }));
  expect(asCsvDollars(total.spend)).toBe((fileCents / 100).toFixed(2));
  // The file's last row is that total.
  expect(campaignsFile.total).toMatchObject({
    Username: 'Total',
    'Spend in range (USD)': asCsvDollars(total.spend),
    'Clicks in range': total.clicks!.replace(/,/g, ''),
    'Avg. CPC in range (USD)': asCsvDollars(total.cpc),
  });
  expect(campaignsFile.rows.find((row) => row.Username === dearer)).toMatchObject({
    Package: 'Site-Wide',
    Status: 'Active',
    'Clicks used': '15',
    'Budget (USD)': '100.00',
    'Remaining (USD)': '91.00',
    'Rate (USD)': '0.60',
    'Spend in range (USD)': '9.00',
    'Clicks in range': '15',
    'Avg. CPC in range (USD)': '0.60',
    'Invalid clicks in range': '0',
  });

  // Paused, each becomes a history entry whose period lies inside the range (and the demo
  // advertiser gets the rest of the budgets back for the other tests).
  await pauseCampaign(api, cheaper);
  await pauseCampaign(api, dearer);
  await page.goto('/campaign-history');
  await page
    .getByRole('combobox', { name: 'Sort by' })
    .selectOption('Lowest Cost per Click in Range');
  const entries = page.getByRole('list', { name: 'Expired campaigns' }).getByRole('article');
  const entry = page.getByRole('article', { name: dearer, exact: true });
  await inRange(entry).getByText('$9.00', { exact: true }).waitFor();
  const profiles = await entries.getByRole('heading').allInnerTexts();
  expect(profiles.indexOf(dearer)).toBeLessThan(profiles.indexOf(cheaper));
  const figures = await Promise.all((await entries.all()).map(async (one) => shownFigures(one)));

  const historyFile = await exportCsv(page);
  expect(historyFile.fileName).toBe(`campaign-history-${await last30Days(page)}.csv`);
  expect(historyFile.rows.map((row) => row.Profile)).toEqual(profiles);
  expect(
    historyFile.rows.map((row) => [
      row['Spend in range (USD)'],
      row['Clicks in range'],
      row['Avg. CPC in range (USD)'],
    ]),
  ).toEqual(
    figures.map((shown) => [
      asCsvDollars(shown.spend),
      shown.clicks!.replace(/,/g, ''),
      asCsvDollars(shown.cpc),
    ]),
  );
  expect(historyFile.rows.find((row) => row.Profile === cheaper)).toMatchObject({
    Package: 'Main Categories',
    'Clicks used': '10',
    'Total spent (USD)': '8.00',
    'Rate (USD)': '0.80',
    'Last deposit (USD)': '100.00',
    'Spend in range (USD)': '8.00',
    'Clicks in range': '10',
    'Avg. CPC in range (USD)': '0.80',
  });
});
