// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CampaignStats, DayFigures } from '@/shared/contract/stats';
import { noInvalidClicks } from '@/shared/invalid-clicks';
import { makeCampaign } from './helpers/factories';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/** The tracker's range card (issues 19 and 35): its budget line, its dates and its CSV. */

const day = (date: string, clicks = 0, spend = 0): DayFigures => ({
  date,
  clicks,
  spend,
  invalid: noInvalidClicks(),
});

const RANGE = {
  from: '2026-12-01',
  to: '2026-12-07',
  time_zone: 'UTC',
  utc_offset: '+00:00',
  counted_offset: '+00:00',
  rounded: false,
};

function answerStats(stats: Omit<CampaignStats, 'range' | 'totals'>) {
  const clicks = stats.days.reduce((sum, figures) => sum + figures.clicks, 0);
  const spend = stats.days.reduce((sum, figures) => sum + Math.round(figures.spend * 100), 0) / 100;
  stub.on('POST', '/api/stats/campaign', {
    body: {
      success: true,
      range: RANGE,
      totals: { spend, clicks, avg_cpc: clicks ? 0.8 : 0, invalid: 0 },
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
afterAll(() => stub.close());
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
