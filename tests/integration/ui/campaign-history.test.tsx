// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CampaignHistoryEntry } from '@/shared/contract/campaigns';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());

function entry(overrides: Partial<CampaignHistoryEntry>): CampaignHistoryEntry {
  return {
    id: 1,
    profile_id: 'alpha',
    package_name: 'Main Categories',
    categories: ['Top', 'New'],
    total_clicks_purchased: 1000,
    clicks_purchased: 500,
    remaining_clicks: 100,
    clicks_count: 900,
    total_spent: 720,
    amount_deposit: 400,
    click_rate: 0.8,
    start_date: '2025-03-01T10:00:00.000Z',
    end_date: '2025-03-11T09:00:00.000Z',
    ...overrides,
  };
}

// Spent, clicks and performance (used / purchased) all order differently.
const history: CampaignHistoryEntry[] = [
  entry({}),
  entry({
    id: 2,
    profile_id: 'bravo',
    package_name: 'Site-Wide',
    categories: ['All'],
    total_clicks_purchased: 200,
    clicks_count: 50,
    total_spent: 30,
    click_rate: 0.6,
    start_date: '2025-01-01T00:00:00.000Z',
    end_date: '2025-01-05T00:00:00.000Z',
  }),
  entry({
    id: 3,
    profile_id: 'charlie',
    package_name: 'Category-Specific',
    categories: ['Fitness'],
    total_clicks_purchased: 2000,
    clicks_count: 1200,
    total_spent: 800,
    click_rate: 0.5,
    start_date: '2025-02-01T00:00:00.000Z',
    end_date: '2025-02-20T00:00:00.000Z',
  }),
];

/**
 * Each sort gives its own order, and the keys a sort could wrongly use order differently again:
 * total spent (b, c, d, a) is not the budget, clicks purchased (c, b, d, a) are not the clicks used,
 * and start dates (b, a, d, c) are not end dates.
 */
const sortable: CampaignHistoryEntry[] = [
  entry({
    id: 11,
    profile_id: 'ada',
    amount_deposit: 400,
    total_spent: 80,
    clicks_count: 100,
    total_clicks_purchased: 125,
    start_date: '2025-03-20T00:00:00.000Z',
    end_date: '2025-04-01T00:00:00.000Z',
  }),
  entry({
    id: 12,
    profile_id: 'ben',
    amount_deposit: 900,
    total_spent: 700,
    clicks_count: 300,
    total_clicks_purchased: 1000,
    start_date: '2025-03-25T00:00:00.000Z',
    end_date: '2025-03-28T00:00:00.000Z',
  }),
  entry({
    id: 13,
    profile_id: 'cy',
    amount_deposit: 100,
    total_spent: 480,
    clicks_count: 1200,
    total_clicks_purchased: 2000,
    start_date: '2025-01-01T00:00:00.000Z',
    end_date: '2025-03-01T00:00:00.000Z',
  }),
  entry({
    id: 14,
    profile_id: 'dot',
    amount_deposit: 600,
    total_spent: 300,
    clicks_count: 800,
    total_clicks_purchased: 800,
    start_date: '2025-02-01T00:00:00.000Z',
    end_date: '2025-02-15T00:00:00.000Z',
  }),
];

function answer(data: CampaignHistoryEntry[]) {
  stub.on('GET', '/api/user/campaign-history', {
    body: { success: true, message: 'Campaign history fetched successfully', data },
  });
}

beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser());
  answer(history);
});

function profiles() {
  return within(screen.getByRole('list', { name: 'Expired campaigns' }))
    .getAllByRole('article')
    .map((article) => article.getAttribute('aria-label'));
}

function stat(article: HTMLElement, term: string) {
  return within(article).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

async function openHistory() {
  const app = renderApp('/campaign-history', stub);
  await screen.findByRole('list', { name: 'Expired campaigns' });
  return app;
}

describe('/campaign-history', () => {
  it('explains the page and shows every field of an entry', async () => {
    await openHistory();
    expect(screen.getByRole('heading', { name: 'Expired Campaigns' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'These are your previous campaigns: campaigns that are inactive or were deleted.',
    );
    const alpha = screen.getByRole('article', { name: 'alpha' });
    expect(within(alpha).getByRole('heading')).toHaveTextContent('alpha');
    expect(within(alpha).getByText('Ended Mar 11, 2025')).toBeInTheDocument();
    expect(within(alpha).getByText('Main Categories')).toBeInTheDocument();
    expect(within(alpha).getByText('Top')).toBeInTheDocument();
    expect(within(alpha).getByText('New')).toBeInTheDocument();
    expect(stat(alpha, 'Clicks Purchased')).toBe('1,000');
    expect(stat(alpha, 'Used Clicks')).toBe('900');
    expect(stat(alpha, 'Performance')).toBe('90%');
    expect(stat(alpha, 'Total Spent')).toBe('$720.00');
    expect(stat(alpha, 'Rate')).toBe('$0.80/click');
    expect(stat(alpha, 'Budget')).toBe('$400.00');
    expect(stat(alpha, 'Duration')).toBe('10 days');
    expect(stat(alpha, 'Start Date')).toBe('Mar 1, 2025');
    expect(stat(alpha, 'End Date')).toBe('Mar 11, 2025');
    expect(screen.getByText('3 of 3 campaigns')).toBeInTheDocument();
  });

  it.each([
    ['Newest First', ['ada', 'ben', 'cy', 'dot']],
    ['Oldest First', ['dot', 'cy', 'ben', 'ada']],
    ['Highest Budget', ['ben', 'dot', 'ada', 'cy']],
    ['Lowest Budget', ['cy', 'ada', 'dot', 'ben']],
    ['Most Clicks', ['cy', 'dot', 'ben', 'ada']],
    ['Least Clicks', ['ada', 'ben', 'dot', 'cy']],
    ['Best Performance', ['dot', 'ada', 'cy', 'ben']],
    ['Worst Performance', ['ben', 'cy', 'ada', 'dot']],
  ])('sorts by %s', async (sort, expected) => {
    answer(sortable);
    const { user } = await openHistory();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), sort);
    expect(profiles()).toEqual(expected);
  });

  it('offers the eight sorts of the spec and six by the range, and says what performance means', async () => {
    await openHistory();
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Newest First',
      'Oldest First',
      'Highest Budget',
      'Lowest Budget',
      'Most Clicks',
      'Least Clicks',
      'Best Performance',
      'Worst Performance',
      'Highest Spend in Range',
      'Lowest Spend in Range',
      'Most Clicks in Range',
      'Least Clicks in Range',
      'Highest Cost per Click in Range',
      'Lowest Cost per Click in Range',
    ]);
    expect(sort).toHaveAttribute('title', 'Performance = clicks used ÷ clicks purchased');
  });

  it('searches profile, package and category, and filters by package', async () => {
    const { user } = await openHistory();
    const search = screen.getByRole('searchbox', { name: 'Search campaign history' });
    await user.type(search, 'CHAR');
    expect(profiles()).toEqual(['charlie']);
    await user.clear(search);
    await user.type(search, 'site-wide');
    expect(profiles()).toEqual(['bravo']);
    await user.clear(search);
    await user.type(search, 'fitness');
    expect(profiles()).toEqual(['charlie']);
    expect(screen.getByText('1 of 3 campaigns')).toBeInTheDocument();
    await user.clear(search);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Package' }), 'Main Categories');
    expect(profiles()).toEqual(['alpha']);
    await user.type(search, 'bravo');
    expect(screen.getByRole('heading', { name: 'No campaigns found' })).toBeInTheDocument();
  });

  it('shows "No campaign history yet" when there is none', async () => {
    answer([]);
    renderApp('/campaign-history', stub);
    expect(
      await screen.findByRole('heading', { name: 'No campaign history yet' }),
    ).toBeInTheDocument();
  });

  it('shows the load failure with Try Again', async () => {
    stub.on('GET', '/api/user/campaign-history', {
      status: 500,
      body: { success: false, message: 'Internal server error' },
    });
    const { user } = renderApp('/campaign-history', stub);
    expect(
      await screen.findByRole('heading', { name: 'Error fetching campaign history' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Error fetching campaign history, please try again'),
    ).toBeInTheDocument();
    answer(history);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('list', { name: 'Expired campaigns' })).toBeInTheDocument();
  });
});
