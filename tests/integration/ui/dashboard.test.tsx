// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Campaign } from '@/shared/contract/campaigns';
import { makeCampaign } from './helpers/factories';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/** Dashboard rows carry larger figures than the factory's default. */
const dashboardCampaign = (id: number, username: string, overrides: Partial<Campaign> = {}) =>
  makeCampaign(id, username, {
    clicks_purchased: 300,
    clicks_count: 100,
    remaining_clicks: 200,
    amount_deposit: 180,
    amount_remaining: 120,
    ...overrides,
  });

const campaigns = [
  dashboardCampaign(3, 'alice.fit', { package_name: 'Category-Specific', package_id: 3 }),
  dashboardCampaign(2, 'bob.art', { status: false, package_name: 'Main Categories' }),
  dashboardCampaign(1, 'carol', {
    Profile: { username: 'carol', ProfileDatum: { full_name: 'Carol Dance', avatar: '' } },
  }),
];

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser({ crypto_balance: 1234.5 }));
  stub.on('GET', '/api/bought-ads-by-client', {
    body: { success: true, message: 'Campaigns fetched', data: campaigns },
  });
});

function statValue(label: string) {
  return within(screen.getByRole('region', { name: label })).getByText(/^[$\d–]/);
}

/** The table once its rows have loaded (skeleton rows are hidden from the accessibility tree). */
async function loadedTable() {
  await screen.findAllByRole('link', { name: 'Details' });
  return screen.getByRole('table');
}

function tableRows() {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getByRole('link', { name: 'Details' })
        .getAttribute('href')!
        .replace('/analytics/', ''),
    );
}

describe('/dashboard', () => {
  it('shows the four stat cards with counts and the balance', async () => {
    renderApp('/dashboard', stub);
    expect(await screen.findByRole('heading', { name: 'Campaign Dashboard' })).toBeInTheDocument();
    await loadedTable();
    expect(statValue('Total Campaigns')).toHaveTextContent('3');
    expect(statValue('Active')).toHaveTextContent('2');
    expect(statValue('Expired')).toHaveTextContent('1');
    expect(statValue('Total Balance')).toHaveTextContent('$1,234.50');
    const balance = screen.getByRole('region', { name: 'Total Balance' });
    expect(within(balance).getByRole('link', { name: 'Topup' })).toHaveAttribute(
      'href',
      '/topup-balance',
    );
    expect(within(balance).getByRole('link', { name: 'Transactions' })).toHaveAttribute(
      'href',
      '/transactions',
    );
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: /New Campaign/ }),
    ).toHaveAttribute('href', '/create-campaign');
    expect(screen.queryByText('You need minimum of $100 to avail all features')).toBeNull();
  });

  it('lists campaigns with Details links to the tracker and the partner profile', async () => {
    renderApp('/dashboard', stub);
    const table = await loadedTable();
    expect(tableRows()).toEqual(['alice.fit', 'bob.art', 'carol']);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByRole('link', { name: 'Details' })).toHaveAttribute(
      'href',
      '/analytics/alice.fit',
    );
    expect(
      await within(first).findByRole('link', { name: 'Open alice.fit on the partner site' }),
    ).toHaveAttribute('href', 'https://partner.test/profile/alice.fit');
    expect(screen.getAllByRole('link', { name: 'View Details' })[1]).toHaveAttribute(
      'href',
      '/analytics/bob.art',
    );
  });

  it('searches username, full name and package name, case-insensitive', async () => {
    const { user } = renderApp('/dashboard', stub);
    await loadedTable();
    const search = screen.getByPlaceholderText('Search campaigns...');
    await user.type(search, 'DANCE');
    expect(tableRows()).toEqual(['carol']);
    await user.clear(search);
    await user.type(search, 'main categ');
    expect(tableRows()).toEqual(['bob.art']);
    await user.clear(search);
    await user.type(search, 'ALICE');
    expect(tableRows()).toEqual(['alice.fit']);
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(screen.getByRole('heading', { name: 'No campaigns found' })).toBeInTheDocument();
  });

  it('filters by All Campaigns, active and expired', async () => {
    const { user } = renderApp('/dashboard', stub);
    await loadedTable();
    const filter = screen.getByRole('combobox', { name: 'Filter' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Campaigns', 'active', 'expired']);
    await user.selectOptions(filter, 'expired');
    expect(tableRows()).toEqual(['bob.art']);
    await user.selectOptions(filter, 'active');
    expect(tableRows()).toEqual(['alice.fit', 'carol']);
  });

  it('warns below $100 of balance', async () => {
    stub.signIn(makeUser({ crypto_balance: 99.99 }));
    renderApp('/dashboard', stub);
    expect(
      await screen.findByText('You need minimum of $100 to avail all features'),
    ).toBeInTheDocument();
  });

  it('shows skeleton rows while loading, then "No campaigns yet" with a create-first link', async () => {
    const held = stub.hold('GET', '/api/bought-ads-by-client');
    renderApp('/dashboard', stub);
    await screen.findByRole('heading', { name: 'Campaign Dashboard' });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(4);
    held.release({ body: { success: true, message: 'Campaigns fetched', data: [] } });
    expect(await screen.findByRole('heading', { name: 'No campaigns yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Campaign' })).toHaveAttribute(
      'href',
      '/create-campaign',
    );
  });

  it('shows the error panel with Try Again', async () => {
    stub.on('GET', '/api/bought-ads-by-client', {
      status: 400,
      body: { success: false, message: 'Campaigns are unavailable' },
    });
    const { user } = renderApp('/dashboard', stub);
    expect(await screen.findByText('Campaigns are unavailable')).toBeInTheDocument();
    stub.on('GET', '/api/bought-ads-by-client', {
      body: { success: true, message: 'Campaigns fetched', data: campaigns },
    });
    // The list's own Try Again (the Performance section has one of its own).
    const list = screen.getByRole('region', { name: 'Campaigns' });
    await user.click(within(list).getByRole('button', { name: 'Try Again' }));
    expect(await loadedTable()).toBeInTheDocument();
  });

  it('falls back to "Error fetching campaigns, please try again" without a server message', async () => {
    stub.on('GET', '/api/bought-ads-by-client', 'network-failure');
    renderApp('/dashboard', stub);
    expect(
      await screen.findByText('Error fetching campaigns, please try again', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
  });
});
