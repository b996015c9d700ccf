// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CampaignHistoryEntry } from '@/shared/contract/campaigns';
import type { CampaignFigures, ResolvedRange } from '@/shared/contract/stats';
import { makeCampaign } from '../integration/ui/helpers/factories';
import { renderApp } from '../integration/ui/helpers/render-app';
import { makeUser, startStubServer, type StubServer } from '../integration/ui/helpers/stub-server';

// Server order (newest first): cleo, bella, anna; anna spent the most in the range, bella nothing.
const campaigns = [makeCampaign(3, 'cleo'), makeCampaign(2, 'bella'), makeCampaign(1, 'anna')];
const history: CampaignHistoryEntry[] = ['dina', 'ezra'].map((profile, index) => ({
  id: 20 + index,
  profile_id: profile,
  package_name: 'Site-Wide',
  categories: ['All'],
  total_clicks_purchased: 100,
  clicks_purchased: 100,
  remaining_clicks: 50,
  clicks_count: 50,
  total_spent: 30,
  amount_deposit: 60,
  click_rate: 0.6,
  start_date: '2026-11-01T12:00:00.000Z',
  end_date: `2026-11-1${index}T12:00:00.000Z`,
}));

const range: ResolvedRange = {
  from: '2026-10-29',
  to: '2026-11-27',
  time_zone: 'UTC',
  utc_offset: '+00:00',
  counted_offset: '+00:00',
  rounded: false,
};

function figuresAnswer(overrides: { range?: ResolvedRange; campaigns?: CampaignFigures[] } = {}) {
  return {
    body: {
      success: true,
      range,
      campaigns: [
        {
          id: 3,
          spend: 12,
          clicks: 20,
          avg_cpc: 0.6,
          invalid: 0,
          credits: 0,
          credited_clicks: 0,
          net_spend: 12,
        },
        {
          id: 1,
          spend: 1234.5,
          clicks: 2469,
          avg_cpc: 0.5,
          invalid: 1,
          // Issue 35 point 4: three of its billed clicks credited back.
          credits: 1.5,
          credited_clicks: 3,
          net_spend: 1233,
          credit_reasons: ['Click farm reported by the partner (ticket 88)'],
        },
      ],
      history: [
        {
          id: 21,
          spend: 6,
          clicks: 10,
          avg_cpc: 0.6,
          invalid: 0,
          credits: 0,
          credited_clicks: 0,
          net_spend: 6,
        },
      ],
      ...overrides,
    },
  };
}

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser());
  stub.on('GET', '/api/bought-ads-by-client', {
    body: { success: true, message: 'Campaigns fetched', data: campaigns },
  });
  stub.on('GET', '/api/user/campaign-history', {
    body: { success: true, message: 'History fetched', data: history },
  });
});

/** A row's (or the totals') spend, clicks and cost per click as shown. */
function figuresOf(group: HTMLElement) {
  return within(group)
    .getAllByRole('definition')
    .map((value) => value.textContent);
}

const card = (username: string) =>
  screen.getByRole('article', { name: `Campaign for ${username}` });
const rowFigures = (row: HTMLElement) =>
  figuresOf(within(row).getByRole('group', { name: 'Last 30 days' }));
const shownUsernames = () =>
  screen
    .getAllByRole('article')
    .map((one) => one.getAttribute('aria-label')!.replace('Campaign for ', ''));

describe('/campaigns with the figures of the chosen range (issue 19)', () => {
  it('shows the list while the figures load, then each card’s, the totals and the sorts by them', async () => {
    const held = stub.hold('POST', '/api/stats/campaigns');
    const { user } = renderApp('/campaigns', stub);
    await screen.findAllByRole('article');
    expect(rowFigures(card('anna'))).toEqual(['…loading', '…loading', '…loading']);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

    held.release(figuresAnswer());
    await within(card('anna')).findByText('$1,234.50');
    // Credits and the net spend beside the gross, where a row has any.
    expect(rowFigures(card('anna'))).toEqual([
      '$1,234.50',
      '2,469',
      '$0.50',
      '$1.50 (3 clicks)',
      '$1,233.00',
    ]);
    expect(
      within(card('anna')).getByText(
        'Credited for: Click farm reported by the partner (ticket 88)',
      ),
    ).toBeInTheDocument();
    expect(rowFigures(card('cleo'))).toEqual(['$12.00', '20', '$0.60']);
    // Missing from the answer: nothing in the range, and no cost per click without clicks.
    expect(rowFigures(card('bella'))).toEqual(['$0.00', '0', '—']);
    // The totals are the sums of the rows: $1,246.50 for 2,489 clicks, $0.50 a click.
    expect(figuresOf(screen.getByRole('group', { name: 'Total, Last 30 days' }))).toEqual([
      '$1,246.50',
      '2,489',
      '$0.50',
      '$1.50 (3 clicks)',
      '$1,245.00',
    ]);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(sort, 'Highest Spend in Range');
    expect(shownUsernames()).toEqual(['anna', 'cleo', 'bella']);
    await user.selectOptions(sort, 'Lowest Cost per Click in Range');
    expect(shownUsernames()).toEqual(['anna', 'cleo', 'bella']);
    await user.selectOptions(sort, 'Least Clicks in Range');
    expect(shownUsernames()).toEqual(['bella', 'cleo', 'anna']);
  });

  it('keeps the list when the figures fail, says so, and tries again', async () => {
    let calls = 0;
    stub.on('POST', '/api/stats/campaigns', () =>
      ++calls <= 2
        ? { status: 500, body: { success: false, message: 'Something went wrong' } }
        : figuresAnswer(),
    );
    const { user } = renderApp('/campaigns', stub);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The spend and clicks for Last 30 days could not be loaded.');
    expect(shownUsernames()).toEqual(['cleo', 'bella', 'anna']);
    expect(within(card('anna')).queryByRole('group')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await within(card('anna')).findByText('$1,234.50');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says how days are counted when the time zone is rounded to the hour', async () => {
    stub.on(
      'POST',
      '/api/stats/campaigns',
      figuresAnswer({
        range: {
          ...range,
          time_zone: 'Asia/Kolkata',
          utc_offset: '+05:30',
          counted_offset: '+06:00',
          rounded: true,
        },
      }),
    );
    renderApp('/campaigns', stub);
    expect(
      await screen.findByText(
        'Days are counted from midnight UTC+06:00: your time zone (Asia/Kolkata, UTC+05:30) is rounded to the nearest hour.',
      ),
    ).toBeInTheDocument();
  });
});

describe('/campaign-history with the figures of the chosen range (issue 19)', () => {
  it('shows each entry’s figures and sorts by them, apart from the clicks used', async () => {
    stub.on('POST', '/api/stats/campaigns', figuresAnswer());
    const { user } = renderApp('/campaign-history', stub);
    const list = await screen.findByRole('list', { name: 'Expired campaigns' });
    const entry = (profile: string) => within(list).getByRole('article', { name: profile });
    await within(entry('ezra')).findByText('$6.00');
    expect(rowFigures(entry('ezra'))).toEqual(['$6.00', '10', '$0.60']);
    expect(rowFigures(entry('dina'))).toEqual(['$0.00', '0', '—']);
    const profiles = () =>
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent);
    expect(profiles()).toEqual(['ezra', 'dina']);
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(sort, 'Least Clicks in Range');
    expect(profiles()).toEqual(['dina', 'ezra']);
    await user.selectOptions(sort, 'Highest Spend in Range');
    expect(profiles()).toEqual(['ezra', 'dina']);
  });
});
