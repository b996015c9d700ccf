// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Campaign } from '@/shared/contract/campaigns';
import { makeCampaign } from './helpers/factories';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/** The tracker's campaign: big figures to see the K/M abbreviations. */
const trackerCampaign = (overrides: Partial<Campaign> = {}) =>
  makeCampaign(7, 'iris', {
    Profile: {
      username: 'iris',
      ProfileDatum: { full_name: 'Iris Moreau', avatar: '/avatars/iris.svg' },
    },
    package_id: 3,
    package_name: 'Category-Specific',
    categories: ['Fitness'],
    clicks_purchased: 2_500_000,
    clicks_count: 1234,
    remaining_clicks: 999,
    amount_deposit: 1_250_000,
    amount_remaining: 1_249_382.5,
    amount_refunded: 0,
    click_rate: 0.5,
    updatedAt: '2025-06-10T12:00:00.000Z',
    ...overrides,
  });

const noInvalid = { bot: 0, unidentified: 0, doubleClick: 0, dailyCap: 0 };
const days = [
  { date: '2025-03-05', clicks: 4, spend: 2, invalid: noInvalid },
  { date: '2025-03-06', clicks: 0, spend: 0, invalid: { ...noInvalid, dailyCap: 5 } },
  { date: '2025-03-07', clicks: 11, spend: 5.5, invalid: { ...noInvalid, bot: 2, doubleClick: 1 } },
];

function answerDetails(campaign: Campaign) {
  stub.on('POST', '/api/profile-ad-details', {
    body: { success: true, message: 'Profile ad details fetched', user: campaign },
  });
}

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser());
  answerDetails(trackerCampaign());
  stub.on('POST', '/api/campaign-daily-clicks', {
    body: { success: true, granularity: 'day', data: days },
  });
});
afterEach(() => {
  vi.useRealTimers();
});

function detail(term: string) {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling!;
}

describe('/analytics/$username', () => {
  it('shows the campaign details with K/M counts and "Still Active"', async () => {
    renderApp('/analytics/iris', stub);
    expect(await screen.findByRole('heading', { name: 'Campaign Tracker' })).toBeInTheDocument();
    expect(detail('Clicks Purchased')).toHaveTextContent('2.5M');
    expect(detail('Clicks Used')).toHaveTextContent('1.2K');
    expect(detail('Clicks Remaining')).toHaveTextContent('999');
    expect(detail('Profile')).toHaveTextContent('iris');
    expect(detail('Package')).toHaveTextContent('Category-Specific');
    expect(detail('Status')).toHaveTextContent('Active');
    expect(detail('Start Date')).toHaveTextContent('Mar 5, 2025');
    expect(detail('End Date')).toHaveTextContent('Still Active');
    expect(detail('Last Updated')).toHaveTextContent('Jun 10, 2025');
    expect(detail('Remaining Budget')).toHaveTextContent('$1,249,382.50');
    expect(detail('Rate')).toHaveTextContent('$0.50/click');
    expect(detail('Categories')).toHaveTextContent('Fitness');
    expect(
      screen.getByText(/^Data refreshes automatically every 30 minutes\./),
    ).toBeInTheDocument();
    expect(stub.requestsTo('/api/profile-ad-details')[0]!.body).toEqual({ username: 'iris' });
  });

  it('issue 36: shows the daily budget, the end date and the clicks a spent budget left unbilled', async () => {
    answerDetails({ ...trackerCampaign(), daily_budget: 12.5, ends_on: '2026-12-31' });
    stub.on('POST', '/api/campaign-daily-clicks', {
      body: { success: true, granularity: 'day', data: days, budget_reached: 7 },
    });
    renderApp('/analytics/iris', stub);
    await screen.findByRole('heading', { name: 'Campaign Tracker' });
    expect(detail('Daily Budget')).toHaveTextContent('$12.50/day');
    expect(detail('Runs Until')).toHaveTextContent('Dec 31, 2026');
    expect(
      await screen.findByText(
        "Daily budget reached: 7 valid clicks were not billed because the day's budget was spent.",
      ),
    ).toBeInTheDocument();
  });

  it('counts a missing clicks_count as zero and shows an end date when there is one', async () => {
    answerDetails(
      trackerCampaign({
        status: false,
        clicks_count: null,
        clicks_purchased: 999,
        end_date: '2025-04-01T12:00:00.000Z',
        amount_refunded: 12.5,
      }),
    );
    renderApp('/analytics/iris', stub);
    await screen.findByRole('heading', { name: 'Campaign Tracker' });
    expect(detail('Clicks Used')).toHaveTextContent(/^0$/);
    expect(detail('Clicks Purchased')).toHaveTextContent(/^999$/);
    expect(detail('End Date')).toHaveTextContent('Apr 1, 2025');
    expect(detail('Refunded')).toHaveTextContent('$12.50');
    expect(screen.getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('gives the clicks and spend chart a text alternative, with the invalid clicks', async () => {
    const { user } = renderApp('/analytics/iris', stub);
    // The lifetime chart's values, on demand (issue 19: the range card below has a table of its own).
    const [showTable] = await screen.findAllByRole('button', { name: 'Show table' });
    await user.click(showTable!);
    const table = await screen.findByRole('table', {
      name: 'Billed clicks, spend and invalid clicks per day',
    });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
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
      ['Mar 6, 2025', '0', '$0.00', '0', '0', '0', '5'],
      ['Mar 7, 2025', '11', '$5.50', '2', '0', '1', '0'],
    ]);
    expect(
      screen.getByText(
        '15 billed clicks over 3 days, $7.50 spent; busiest day Mar 7, 2025 with 11. 8 invalid clicks were not billed: 2 from bots, 1 double click, 5 over the daily cap.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Invalid clicks are never billed: clicks from known bots, clicks that name no visitor (sent with neither a visitor id nor an address), a visitor's repeated clicks within a minute, clicks over the daily cap of one visitor or one address, and clicks reported while no campaign placed the profile, reported too late or dated in the future.",
      ),
    ).toBeInTheDocument();
  });

  it('reads the chart out by keyboard: the latest bar first, then the arrow keys, Home and End', async () => {
    const { user } = renderApp('/analytics/iris', stub);
    const chart = await screen.findByRole('group', { name: 'Clicks and spend per day' });
    const readout = () => within(chart.parentElement!).getByText(/: \d+ clicks?, \$/);
    expect(readout()).toHaveTextContent(
      /^Mar 7, 2025: 11 clicks, \$5\.50 spent · 3 invalid \(2 from bots, 1 double click\)$/,
    );
    expect(readout()).toHaveAttribute('aria-live', 'polite');
    // In the tab order: tabbing from the top of the page reaches it.
    for (let presses = 0; presses < 40 && document.activeElement !== chart; presses++) {
      await user.tab();
    }
    expect(chart).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(readout()).toHaveTextContent(
      /^Mar 6, 2025: 0 clicks, \$0\.00 spent · 5 invalid \(5 over the daily cap\)$/,
    );
    await user.keyboard('{Home}{ArrowLeft}');
    expect(readout()).toHaveTextContent(/^Mar 5, 2025: 4 clicks, \$2\.00 spent$/);
    await user.keyboard('{End}{ArrowRight}');
    expect(readout()).toHaveTextContent(/^Mar 7, 2025: 11 clicks, \$5\.50 spent · 3 invalid/);
  });

  it('refreshes on demand and says when the data was updated', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 5, 10, 9, 5));
    const { user } = renderApp('/analytics/iris', stub);
    expect(await screen.findByText('Updated 9:05 AM')).toHaveAttribute('role', 'status');
    expect(stub.requestsTo('/api/profile-ad-details')).toHaveLength(1);
    expect(stub.requestsTo('/api/campaign-daily-clicks')).toHaveLength(1);

    vi.setSystemTime(new Date(2025, 5, 10, 14, 41));
    answerDetails(trackerCampaign({ clicks_count: 1300 }));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Updated 2:41 PM')).toBeInTheDocument();
    expect(detail('Clicks Used')).toHaveTextContent('1.3K');
    expect(stub.requestsTo('/api/profile-ad-details')).toHaveLength(2);
    expect(stub.requestsTo('/api/campaign-daily-clicks')).toHaveLength(2);
  });

  it('says a paused campaign was paused', async () => {
    answerDetails(
      trackerCampaign({
        status: false,
        clicks_purchased: 200,
        clicks_count: 120,
        remaining_clicks: 0,
        end_date: '2025-04-01T12:00:00.000Z',
      }),
    );
    renderApp('/analytics/iris', stub);
    await screen.findByRole('heading', { name: 'Campaign Tracker' });
    expect(detail('Ended Because')).toHaveTextContent('Paused (the remaining budget was refunded)');
  });

  it('says a campaign whose clicks ran out used them all', async () => {
    answerDetails(
      trackerCampaign({
        status: false,
        clicks_purchased: 200,
        clicks_count: 200,
        remaining_clicks: 0,
        end_date: '2025-04-01T12:00:00.000Z',
      }),
    );
    renderApp('/analytics/iris', stub);
    await screen.findByRole('heading', { name: 'Campaign Tracker' });
    expect(detail('Ended Because')).toHaveTextContent('All purchased clicks used');
  });

  it('gives an active campaign no ending reason', async () => {
    renderApp('/analytics/iris', stub);
    await screen.findByRole('heading', { name: 'Campaign Tracker' });
    expect(screen.queryByText('Ended Because')).not.toBeInTheDocument();
  });

  it('shows the load failure with Try Again', async () => {
    stub.on('POST', '/api/profile-ad-details', {
      status: 404,
      body: { success: false, message: 'No campaign found for this profile' },
    });
    const { user } = renderApp('/analytics/iris', stub);
    expect(await screen.findByText('No campaign found for this profile')).toBeInTheDocument();
    answerDetails(trackerCampaign());
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Still Active')).toBeInTheDocument();
  });

  it('falls back to "Failed to fetch profile data. Please try again."', async () => {
    stub.on('POST', '/api/profile-ad-details', 'network-failure');
    renderApp('/analytics/iris', stub);
    expect(
      await screen.findByText(
        'Failed to fetch profile data. Please try again.',
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
  });

  it('reloads the data after a pause', async () => {
    stub.on('POST', '/api/expire-ad-package', () => {
      answerDetails(trackerCampaign({ status: false, end_date: '2025-06-11T00:00:00.000Z' }));
      return { body: { success: true, message: 'Campaign for iris deactivated successfully' } };
    });
    const { user } = renderApp('/analytics/iris', stub);
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, Deactivate' }));
    expect(
      await screen.findByText('Campaign for iris deactivated successfully'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Jun 11, 2025')).toBeInTheDocument();
    expect(detail('Status')).toHaveTextContent('Inactive');
  });

  it('goes to /dashboard after a deletion', async () => {
    answerDetails(trackerCampaign({ status: false, end_date: '2025-04-01T12:00:00.000Z' }));
    stub.on('POST', '/api/remove-ad-package', {
      body: { success: true, message: 'Campaign for iris deleted successfully!' },
    });
    stub.on('GET', '/api/bought-ads-by-client', {
      body: { success: true, message: 'Campaigns fetched', data: [] },
    });
    const { user, router } = renderApp('/analytics/iris', stub);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('heading', { name: 'Campaign Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    // The deleted campaign is not fetched again (it would answer 404).
    expect(stub.requestsTo('/api/profile-ad-details')).toHaveLength(1);
  });

  it("fetches nothing the screen holds when its loader runs again (a deleted campaign's would answer 404)", async () => {
    answerDetails(trackerCampaign());
    const { router, queryClient } = renderApp('/analytics/iris', stub);
    await screen.findByRole('heading', { name: 'Campaign Details' });
    await waitFor(() => expect(stub.requestsTo('/api/campaign-daily-clicks')).toHaveLength(1));
    // As after a deletion: the campaign's queries are marked stale, not fetched; then the router
    // runs the page's loader again (it did in CI while the dialog's history entry was given back).
    await act(() => queryClient.invalidateQueries({ refetchType: 'none' }));
    await act(() => router.invalidate());
    expect(stub.requestsTo('/api/profile-ad-details')).toHaveLength(1);
    expect(stub.requestsTo('/api/campaign-daily-clicks')).toHaveLength(1);
  });
});
