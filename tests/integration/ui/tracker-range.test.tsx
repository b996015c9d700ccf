// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CampaignStats, DayFigures } from '@/shared/contract/stats';
import { noInvalidClicks } from '@/shared/invalid-clicks';
import { makeCampaign } from './helpers/factories';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/**
 * The tracker's figures (issues 19 and 35): the range card's budget line, dates and CSV, and the
 * lifetime chart, in the advertiser's time zone (the browser's: New York here).
 */

// The CSV writer runs as a classic script in the browser (load-papaparse.ts); here it is imported.
vi.mock('@/lib/load-papaparse', async () => {
  const papaparse = await import('papaparse');
  return { loadUnparse: async () => papaparse.default.unparse };
});

const ZONE = 'America/New_York';
const keptZone = process.env.TZ;
process.env.TZ = ZONE;

const noInvalid = { bot: 0, unidentified: 0, doubleClick: 0, dailyCap: 0 };

const day = (date: string, clicks = 0, spend = 0): DayFigures => ({
  date,
  clicks,
  spend,
  credits: 0,
  credited_clicks: 0,
  invalid: noInvalidClicks(),
});

const RANGE = {
  from: '2026-12-01',
  to: '2026-12-07',
  time_zone: 'America/New_York',
  utc_offset: '-05:00',
  counted_offset: '-05:00',
  rounded: false,
};

function answerStats(
  stats: Omit<CampaignStats, 'range' | 'totals' | 'hours' | 'previous' | 'credit_notes'> &
    Partial<Pick<CampaignStats, 'hours' | 'previous' | 'credit_notes'>>,
) {
  const clicks = stats.days.reduce((sum, figures) => sum + figures.clicks, 0);
  const cents = (pick: (figures: DayFigures) => number) =>
    stats.days.reduce((sum, figures) => sum + Math.round(pick(figures) * 100), 0);
  const spend = cents((figures) => figures.spend) / 100;
  const credits = cents((figures) => figures.credits) / 100;
  const credited = stats.days.reduce((sum, figures) => sum + figures.credited_clicks, 0);
  stub.on('POST', '/api/stats/campaign', {
    body: {
      success: true,
      range: RANGE,
      totals: {
        spend,
        clicks,
        avg_cpc: clicks ? 0.8 : 0,
        invalid: 0,
        credits,
        credited_clicks: credited,
        net_spend: (Math.round(spend * 100) - Math.round(credits * 100)) / 100,
      },
      hours: [],
      previous: null,
      credit_notes: [],
      ...stats,
    },
  });
}

const week = (spends: Record<string, [number, number]>) =>
  ['01', '02', '03', '04', '05', '06', '07'].map((dd) => {
    const date = `2026-12-${dd}`;
    const [clicks, spend] = spends[date] ?? [0, 0];
    return day(date, clicks, spend);
  });

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(async () => {
  await stub.close();
  process.env.TZ = keptZone;
});
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser());
  stub.on('GET', '/api/unread-notifications-count', { body: { success: true, count: 0 } });
  stub.on('POST', '/api/profile-ad-details', {
    body: { success: true, message: 'Profile ad details fetched', user: makeCampaign(7, 'iris') },
  });
  stub.on('POST', '/api/campaign-daily-clicks', {
    body: { success: true, granularity: 'day', data: [] },
  });
});

async function rangeCard() {
  return within(await screen.findByRole('region', { name: 'Spend and Clicks in Range' }));
}

describe("the tracker's budget line", () => {
  it("sets a reactivated campaign's new budget against this period's spend only", async () => {
    // The finding: $123.20 billed before a reactivation on Dec 6 with $100, no click since.
    answerStats({
      period: { from: '2026-12-06', to: null, budget: 100, spent: 0 },
      days: week({ '2026-12-05': [100, 80], '2026-12-06': [54, 43.2] }),
    });
    renderApp('/analytics/iris', stub);
    const card = await rangeCard();
    expect(
      await card.findByText(
        'This period (since Dec 6, 2026): $0.00 of its $100.00 budget billed by Dec 7, 2026 (0.0%).',
      ),
    ).toBeInTheDocument();
    expect(card.getByText('Billed in the period')).toBeInTheDocument();
    expect(card.getByText("The period's budget")).toBeInTheDocument();
  });

  it('names an ended period by its days', async () => {
    answerStats({
      period: { from: '2026-11-20', to: '2026-12-04', budget: 150, spent: 123.2 },
      days: week({ '2026-12-02': [4, 3.2] }),
    });
    renderApp('/analytics/iris', stub);
    const card = await rangeCard();
    expect(
      await card.findByText(
        'Last period (Nov 20, 2026 – Dec 4, 2026): $123.20 of its $150.00 budget billed by Dec 7, 2026 (82.1%).',
      ),
    ).toBeInTheDocument();
  });
});

describe('the range compared with the one before (issue 35 point 7)', () => {
  /** The change under each tile, by its label. */
  const changes = (card: Awaited<ReturnType<typeof rangeCard>>) =>
    Object.fromEntries(
      card
        .getAllByRole('term')
        .map((term) => [
          term.textContent,
          [...term.parentElement!.querySelectorAll('dd')].map((dd) => dd.textContent),
        ]),
    );

  it('puts the change in % and the figure before under spend, clicks and cost per click', async () => {
    // This week: 10 clicks, $8.00 ($0.80 a click). The week before, to the same hour: 8, $8.00.
    answerStats({
      period: { from: '2026-11-20', to: null, budget: 100, spent: 0 },
      days: week({ '2026-12-02': [4, 3.2], '2026-12-07': [6, 4.8] }),
      previous: {
        from: '2026-11-24',
        to: '2026-11-30',
        until: '2026-11-30T20:00:00.000Z',
        spend: 8,
        clicks: 8,
        avg_cpc: 1,
      },
    });
    renderApp('/analytics/iris', stub);
    const card = await rangeCard();
    expect(
      await card.findByText(
        'Compared with Nov 24, 2026 – Nov 30, 2026, up to 3:00 PM on Nov 30, 2026.',
      ),
    ).toBeInTheDocument();
    expect(changes(card)).toEqual({
      Spend: ['$8.00', 'No change from $8.00'],
      'Billed clicks': ['10', 'Up 25% from 8'],
      'Avg. cost per click': ['$0.80', 'Down 20% from $1.00'],
      'Invalid clicks': ['0'],
    });
  });

  it('sets the credits for clicks found invalid beside the spend, net of them, with their reasons', async () => {
    // Issue 35 point 4: a credit of $1.60 for 2 clicks changed the balance and no figure.
    answerStats({
      period: { from: '2026-11-20', to: null, budget: 100, spent: 0 },
      days: week({ '2026-12-02': [4, 3.2], '2026-12-05': [6, 4.8] }).map((figures) =>
        figures.date === '2026-12-05' ? { ...figures, credits: 1.6, credited_clicks: 2 } : figures,
      ),
      credit_notes: [
        {
          at: '2026-12-06T16:00:00.000Z',
          profile: 'iris',
          clicks: 2,
          amount: 1.6,
          reason: 'Click farm reported by the partner (ticket 88)',
        },
      ],
    });
    renderApp('/analytics/iris', stub);
    const card = await rangeCard();
    expect(
      await card.findByText(
        'Credits: $1.60 for 2 clicks found invalid after billing. Net spend $6.40; 8 billed clicks net of credited ones.',
      ),
    ).toBeInTheDocument();
    expect(
      within(card.getByRole('list', { name: 'Credits' })).getByRole('listitem').textContent,
    ).toBe(
      'Credited on Dec 6, 2026: $1.60 for 2 clicks on iris in this range. Reason: Click farm reported by the partner (ticket 88)',
    );
    // The tiles keep the gross spend the chart and the budget line show.
    expect(changes(card).Spend).toEqual(['$8.00']);
  });

  it('says when there is nothing before the range, and compares nothing', async () => {
    answerStats({
      period: { from: '2026-12-03', to: null, budget: 100, spent: 0 },
      days: week({ '2026-12-05': [3, 2.4] }),
      previous: null,
    });
    renderApp('/analytics/iris', stub);
    const card = await rangeCard();
    expect(
      await card.findByText('No figures before this range to compare with.'),
    ).toBeInTheDocument();
    expect(card.getByText('No credits for invalid clicks in this range.')).toBeInTheDocument();
    expect(changes(card)).toEqual({
      Spend: ['$2.40'],
      'Billed clicks': ['3'],
      'Avg. cost per click': ['$0.80'],
      'Invalid clicks': ['0'],
    });
  });
});

const hourAt = (at: string, clicks = 0, spend = 0) => ({
  at,
  clicks,
  spend,
  credits: 0,
  credited_clicks: 0,
  invalid: noInvalidClicks(),
});

/** Dec 7 in New York: 05:00 UTC to 05:00 UTC the next day. */
const DEC_7_HOURS = Array.from({ length: 24 }, (_, index) =>
  hourAt(new Date(Date.parse('2026-12-07T05:00:00Z') + index * 3_600_000).toISOString()),
);

describe('time on the tracker', () => {
  it('shows a one-day range by the hour, in the time zone', async () => {
    const hours = DEC_7_HOURS.map((figures, index) =>
      index === 14
        ? hourAt(figures.at, 3, 2.4)
        : index === 20
          ? hourAt(figures.at, 1, 0.8)
          : figures,
    );
    stub.on('POST', '/api/stats/campaign', {
      body: {
        success: true,
        range: {
          ...RANGE,
          from: '2026-12-07',
          to: '2026-12-07',
          time_zone: ZONE,
          utc_offset: '-05:00',
          counted_offset: '-05:00',
        },
        totals: {
          spend: 3.2,
          clicks: 4,
          avg_cpc: 0.8,
          invalid: 0,
          credits: 0,
          credited_clicks: 0,
          net_spend: 3.2,
        },
        period: { from: '2026-12-01', to: null, budget: 100, spent: 10 },
        days: [day('2026-12-07', 4, 3.2)],
        hours,
        previous: null,
        credit_notes: [],
      },
    });
    const { user } = renderApp('/analytics/iris', stub);
    const card = await rangeCard();
    expect(
      await card.findByRole('group', { name: 'Clicks and spend per hour' }),
    ).toBeInTheDocument();
    expect(
      card.getByText(
        '4 billed clicks over 24 hours, $3.20 spent; busiest hour Dec 7, 2:00 PM with 3. No invalid clicks.',
      ),
    ).toBeInTheDocument();
    // The latest hour is read out first.
    expect(card.getByText('Dec 7, 11:00 PM: 0 billed clicks, $0.00 spent')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Show table' }));
    const rows = within(
      card.getByRole('table', { name: 'Billed clicks, spend and invalid clicks per hour' }),
    )
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toHaveLength(25);
    expect(rows[0]!.slice(0, 3)).toEqual(['Hour', 'Billed clicks', 'Spend']);
    expect(rows[1]!.slice(0, 3)).toEqual(['Dec 7, 12:00 AM', '0', '$0.00']);
    expect(rows[15]!.slice(0, 4)).toEqual(['Dec 7, 2:00 PM', '3', '$2.40', '$0.80']);
  });

  it('labels the lifetime hours in the time zone, and asks for its days in it', async () => {
    stub.on('POST', '/api/campaign-daily-clicks', {
      body: {
        success: true,
        granularity: 'hour',
        data: [
          { date: '2025-03-05T22:00:00.000Z', clicks: 1, spend: 0.5, invalid: noInvalid },
          { date: '2025-03-05T23:00:00.000Z', clicks: 3, spend: 1.5, invalid: noInvalid },
        ],
      },
    });
    answerStats({
      period: { from: '2026-12-01', to: null, budget: 100, spent: 0 },
      days: week({}),
    });
    const { user } = renderApp('/analytics/iris', stub);
    const chart = await screen.findByRole('group', { name: 'Clicks and spend per hour' });
    chart.focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('Mar 5, 5:00 PM: 1 click, $0.50 spent')).toBeInTheDocument();
    expect(
      screen.getByText(
        '4 billed clicks over 2 hours, $2.00 spent; busiest hour Mar 5, 6:00 PM with 3. No invalid clicks.',
      ),
    ).toBeInTheDocument();
    expect(stub.requestsTo('/api/campaign-daily-clicks').map((request) => request.body)).toEqual([
      { username: 'iris', time_zone: ZONE },
    ]);
  });
});

/** Clicks Export CSV in `scope` and gives the file's name and text. */
async function exportCsv(
  user: { click(element: Element): Promise<void> },
  scope: ReturnType<typeof within>,
) {
  const blobs: Blob[] = [];
  const downloads: string[] = [];
  const createUrl = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:clicks';
  });
  const revokeUrl = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push(this.download);
  });
  onTestFinished(() => [createUrl, revokeUrl, click].forEach((spy) => spy.mockRestore()));
  await user.click(scope.getByRole('button', { name: 'Export CSV' }));
  await vi.waitFor(() => expect(downloads).toHaveLength(1));
  return { fileName: downloads[0], text: await blobs[0]!.text() };
}

describe("the tracker's CSV", () => {
  it('starts on the day the campaign was made, in the zone, and ends with the totals', async () => {
    // Made on Dec 4 at 02:00 UTC: Dec 3, 21:00 in New York.
    stub.on('POST', '/api/profile-ad-details', {
      body: {
        success: true,
        message: 'Profile ad details fetched',
        user: makeCampaign(7, 'iris', { createdAt: '2026-12-04T02:00:00.000Z' }),
      },
    });
    answerStats({
      period: { from: '2026-12-03', to: null, budget: 100, spent: 4 },
      days: week({ '2026-12-03': [2, 1.6], '2026-12-06': [3, 2.4] }),
    });
    const { user } = renderApp('/analytics/iris', stub);
    const card = await rangeCard();
    await card.findByText(/^This period/);
    const file = await exportCsv(user, card);
    expect(file.fileName).toBe('clicks-iris-2026-12-01-to-2026-12-07.csv');
    expect(file.text.split('\r\n')).toEqual([
      'Date (America/New_York),Billed clicks,Spend (USD),Avg. cost per click (USD),Credited clicks,Credits (USD),Net spend (USD),Bots,Unidentified visitors,Double clicks,Over daily cap,Not placed,Too old,Future',
      '2026-12-03,2,1.60,0.80,0,0.00,1.60,0,0,0,0,0,0,0',
      '2026-12-04,0,0.00,,0,0.00,0.00,0,0,0,0,0,0,0',
      '2026-12-05,0,0.00,,0,0.00,0.00,0,0,0,0,0,0,0',
      '2026-12-06,3,2.40,0.80,0,0.00,2.40,0,0,0,0,0,0,0',
      '2026-12-07,0,0.00,,0,0.00,0.00,0,0,0,0,0,0,0',
      'Total,5,4.00,0.80,0,0.00,4.00,0,0,0,0,0,0,0',
    ]);
  });
});

describe("a profile's earlier packages on the tracker (issue 35 point 6)", () => {
  // Made again with a New Package on Dec 4 at 02:00 UTC; the first package began on Dec 2.
  const EARLIER = { count: 2, since: '2026-12-02T15:00:00.000Z' };

  beforeEach(() => {
    stub.on('POST', '/api/profile-ad-details', {
      body: {
        success: true,
        message: 'Profile ad details fetched',
        user: makeCampaign(7, 'iris', { createdAt: '2026-12-04T02:00:00.000Z' }),
      },
    });
  });

  it('says the range figures and the lifetime chart include them, and exports their days', async () => {
    answerStats({
      period: { from: '2026-12-03', to: null, budget: 100, spent: 2.4 },
      days: week({ '2026-12-02': [2, 1.6], '2026-12-06': [3, 2.4] }),
      earlier_packages: EARLIER,
    });
    stub.on('POST', '/api/campaign-daily-clicks', {
      body: {
        success: true,
        granularity: 'day',
        data: [
          { date: '2026-12-02', clicks: 2, spend: 1.6, invalid: noInvalid },
          { date: '2026-12-03', clicks: 3, spend: 2.4, invalid: noInvalid },
        ],
        earlier_packages: EARLIER,
      },
    });
    const { user } = renderApp('/analytics/iris', stub);
    const note = 'Includes 2 earlier packages on this profile, since Dec 2, 2026.';
    const card = await rangeCard();
    expect(await card.findByText(note)).toBeInTheDocument();
    const lifetime = within(
      screen.getByRole('heading', { name: 'Lifetime Clicks and Spend' }).closest('section')!,
    );
    expect(await lifetime.findByText(note)).toBeInTheDocument();

    const file = await exportCsv(user, card);
    expect(file.text.split('\r\n').slice(1, 3)).toEqual([
      '2026-12-02,2,1.60,0.80,0,0.00,1.60,0,0,0,0,0,0,0',
      '2026-12-03,0,0.00,,0,0.00,0.00,0,0,0,0,0,0,0',
    ]);
  });

  it('says nothing of earlier packages when the figures have none', async () => {
    answerStats({
      period: { from: '2026-12-03', to: null, budget: 100, spent: 2.4 },
      days: week({ '2026-12-06': [3, 2.4] }),
    });
    renderApp('/analytics/iris', stub);
    const card = await rangeCard();
    await card.findByText(/^This period/);
    expect(screen.queryByText(/earlier package/)).not.toBeInTheDocument();
  });
});
