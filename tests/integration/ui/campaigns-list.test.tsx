// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeCampaign } from './helpers/factories';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

// Server order is newest first; budgets differ so each sort has one answer.
const campaigns = [
  makeCampaign(4, 'dora', {
    package_name: 'Category-Specific',
    package_id: 3,
    categories: ['Fitness'],
    amount_deposit: 150,
    createdAt: '2025-04-04T00:00:00.000Z',
    clicks_purchased: 300,
    clicks_count: 240,
    remaining_clicks: 60,
  }),
  makeCampaign(3, 'cleo', {
    amount_deposit: 400,
    createdAt: '2025-04-03T00:00:00.000Z',
    clicks_purchased: 100,
    clicks_count: 50,
    remaining_clicks: 50,
  }),
  makeCampaign(2, 'bella', {
    status: false,
    package_name: 'Main Categories',
    package_id: 1,
    categories: ['Top', 'New'],
    amount_deposit: 100,
    amount_refunded: 42.5,
    end_date: '2025-05-01T00:00:00.000Z',
    createdAt: '2025-04-02T00:00:00.000Z',
    clicks_purchased: 125,
    clicks_count: null,
    remaining_clicks: 125,
  }),
  makeCampaign(1, 'anna', {
    amount_deposit: 250,
    createdAt: '2025-04-01T00:00:00.000Z',
    clicks_purchased: 100,
    clicks_count: 49,
    remaining_clicks: 51,
    Profile: { username: 'anna', ProfileDatum: { full_name: 'Anna Yoga', avatar: '' } },
  }),
];

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
});

function shownUsernames() {
  return screen
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label')!.replace('Campaign for ', ''));
}

function card(username: string) {
  return screen.getByRole('article', { name: `Campaign for ${username}` });
}

function stat(username: string, label: string) {
  return within(card(username)).getByText(label, { selector: 'dt' }).nextElementSibling!;
}

async function loaded() {
  await screen.findAllByRole('article');
}

describe('/campaigns', () => {
  it('shows the count text and each campaign newest first', async () => {
    renderApp('/campaigns', stub);
    expect(await screen.findByRole('heading', { name: 'Your Campaigns' })).toBeInTheDocument();
    await loaded();
    expect(screen.getByText('4 of 4 campaigns')).toBeInTheDocument();
    expect(shownUsernames()).toEqual(['dora', 'cleo', 'bella', 'anna']);
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: /New Campaign/ }),
    ).toHaveAttribute('href', '/create-campaign');
  });

  it('shows the details of an active and an inactive campaign', async () => {
    renderApp('/campaigns', stub);
    await loaded();
    const dora = card('dora');
    expect(within(dora).getByText('Active')).toBeInTheDocument();
    expect(within(dora).getByText('Category-Specific')).toBeInTheDocument();
    expect(within(dora).getByText('Fitness')).toBeInTheDocument();
    expect(stat('dora', 'Total clicks')).toHaveTextContent('300');
    expect(stat('dora', 'Used')).toHaveTextContent('240');
    expect(stat('dora', 'Remaining')).toHaveTextContent('60');
    expect(stat('dora', 'Budget')).toHaveTextContent('$150.00');
    expect(stat('dora', 'Remaining budget')).toHaveTextContent('$36.00');
    expect(stat('dora', 'Rate')).toHaveTextContent('$0.60/click');
    expect(stat('dora', 'Start date')).toHaveTextContent('Mar 5, 2025');
    expect(stat('dora', 'End date')).toHaveTextContent('N/A');
    expect(within(dora).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(within(dora).getByRole('button', { name: 'Top-up' })).toBeInTheDocument();
    expect(within(dora).getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      '/analytics/dora',
    );
    expect(await within(dora).findByRole('link', { name: 'dora' })).toHaveAttribute(
      'href',
      'https://partner.test/profile/dora',
    );

    const bella = card('bella');
    expect(within(bella).getByText('Inactive')).toBeInTheDocument();
    expect(stat('bella', 'Used')).toHaveTextContent('0');
    expect(stat('bella', 'Deposited')).toHaveTextContent('$100.00');
    expect(stat('bella', 'Refunded')).toHaveTextContent('$42.50');
    expect(within(bella).queryByText('Budget', { selector: 'dt' })).toBeNull();
    expect(stat('bella', 'End date')).toHaveTextContent('May 1, 2025');
    expect(within(bella).getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(within(bella).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(bella).queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('colours clicks remaining: green above 50% left, yellow above 20%, otherwise red', async () => {
    renderApp('/campaigns', stub);
    await loaded();
    const level = (username: string, label = 'Remaining') =>
      stat(username, label).parentElement!.dataset.level;
    expect(level('anna')).toBe('good'); // 51%
    expect(level('cleo')).toBe('low'); // 50%
    expect(level('bella', 'Refunded clicks')).toBe('good'); // 100%, ended: refunded
    expect(level('dora')).toBe('critical'); // 20%
  });

  it.each([
    ['Oldest First', ['anna', 'bella', 'cleo', 'dora']],
    ['Highest Budget', ['cleo', 'anna', 'dora', 'bella']],
    ['Lowest Budget', ['bella', 'dora', 'anna', 'cleo']],
    ['Newest First', ['dora', 'cleo', 'bella', 'anna']],
  ])('sorts by %s', async (label, order) => {
    const { user } = renderApp('/campaigns', stub);
    await loaded();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), label);
    expect(shownUsernames()).toEqual(order);
  });

  it('filters by status, package and search, updating the count text', async () => {
    const { user } = renderApp('/campaigns', stub);
    await loaded();
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Active', 'Expired']);
    await user.selectOptions(status, 'Expired');
    expect(shownUsernames()).toEqual(['bella']);
    expect(screen.getByText('1 of 4 campaigns')).toBeInTheDocument();
    await user.selectOptions(status, 'Active');
    expect(shownUsernames()).toEqual(['dora', 'cleo', 'anna']);
    await user.selectOptions(status, 'All');

    const packages = screen.getByRole('combobox', { name: 'Package' });
    expect(
      within(packages)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All Packages',
      'Main Categories',
      'Site-Wide',
      'Category-Specific',
      'Main Categories 2nd tier',
    ]);
    await user.selectOptions(packages, 'Site-Wide');
    expect(shownUsernames()).toEqual(['cleo', 'anna']);
    expect(screen.getByText('2 of 4 campaigns')).toBeInTheDocument();
    await user.selectOptions(packages, 'Main Categories 2nd tier');
    expect(screen.getByRole('heading', { name: 'No campaigns found' })).toBeInTheDocument();
    expect(screen.getByText('0 of 4 campaigns')).toBeInTheDocument();
    await user.selectOptions(packages, 'All Packages');

    await user.type(screen.getByPlaceholderText('Search campaigns...'), 'YOGA');
    expect(shownUsernames()).toEqual(['anna']);
  });

  it('shows "No campaigns yet" with a create-first link when there are none', async () => {
    stub.on('GET', '/api/bought-ads-by-client', {
      body: { success: true, message: 'Campaigns fetched', data: [] },
    });
    renderApp('/campaigns', stub);
    expect(await screen.findByRole('heading', { name: 'No campaigns yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Campaign' })).toHaveAttribute(
      'href',
      '/create-campaign',
    );
    expect(screen.getByText('0 of 0 campaigns')).toBeInTheDocument();
  });

  it('refreshes the list', async () => {
    const { user } = renderApp('/campaigns', stub);
    await loaded();
    const before = stub.requestsTo('/api/bought-ads-by-client').length;
    stub.on('GET', '/api/bought-ads-by-client', {
      body: { success: true, message: 'Campaigns fetched', data: campaigns.slice(0, 1) },
    });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('1 of 1 campaigns')).toBeInTheDocument();
    expect(stub.requestsTo('/api/bought-ads-by-client')).toHaveLength(before + 1);
  });
});
