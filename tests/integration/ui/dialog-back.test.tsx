// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createBrowserHistory, createRouter } from '@tanstack/react-router';
import type { AdPackage } from '@/shared/contract/campaigns';
import { setAuthUser } from '@/entities/session/api/check-auth';
import { configureApi } from '@/lib/api';
import { createQueryClient } from '@/lib/query-client';
import { routeTree } from '@/routeTree.gen';
import { makeCampaign, makeDepositDetail, makeTransaction } from './helpers/factories';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/**
 * Issue 31 point 6, the finding: "Android Back with a dialog open leaves the page and loses what was
 * typed". The app here runs on the browser's history (as in production, not the memory history of
 * render-app.tsx), so Back is the browser's: history.back() and its popstate.
 */

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());

const packages: AdPackage[] = [
  { id: 1, name: 'Main Categories', click_rate: 0.8, ranks: '1-5' },
  { id: 2, name: 'Site-Wide', click_rate: 0.6, ranks: '6-10' },
].map((adPackage) => ({
  ...adPackage,
  max_slots: 10000,
  categories: ['All'],
  ad_icon: true,
  popup_ads: true,
}));

beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser({ crypto_balance: 500 }));
  stub.on('GET', '/api/bought-ads-by-client', {
    body: {
      success: true,
      message: 'Campaigns fetched',
      data: [
        makeCampaign(2, 'cleo'),
        makeCampaign(1, 'bella', { status: false, package_id: 1, package_name: 'Main Categories' }),
      ],
    },
  });
  stub.on('GET', '/api/all/ad-packages', { body: { success: true, data: packages } });
  stub.on('POST', '/api/get-all-user-transactions', {
    body: { success: true, message: 'Transactions fetched successfully', data: [] },
  });
});

let destroy: (() => void) | undefined;
afterEach(() => {
  destroy?.();
  destroy = undefined;
});

/** The whole app on the browser's history, opened at `first` and then navigated to `path`. */
async function openApp(first: string, path: string) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${stub.url}${first}`,
  );
  // An entry of its own: the tests before left theirs in this window's history.
  window.history.pushState(null, '', first);
  configureApi({ baseUrl: `${stub.url}/api` });
  const queryClient = createQueryClient((client) => setAuthUser(client, null));
  const history = createBrowserHistory();
  const router = createRouter({ routeTree, history, context: { queryClient } });
  destroy = () => history.destroy();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(router.state.status).toBe('idle'));
  await router.navigate({ to: path });
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
  return { router, user };
}

/** Android's Back: the browser goes back one entry and tells the page with a popstate. */
async function pressBack() {
  window.history.back();
  // Whatever the page does with it (a router's load, a dialog's close) is drawn.
  await new Promise((resolve) => setTimeout(resolve, 50));
}

async function openOn(user: ReturnType<typeof userEvent.setup>, username: string, name: string) {
  const card = await screen.findByRole('article', { name: `Campaign for ${username}` });
  await user.click(within(card).getByRole('button', { name }));
  return screen.findByRole('dialog');
}

describe('Back with a dialog open', () => {
  it('closes the dialog and stays on the page, then goes back as before', async () => {
    const { router, user } = await openApp('/dashboard', '/campaigns');
    const dialog = await openOn(user, 'cleo', 'Top-up');
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '25');

    await pressBack();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/campaigns');
    expect(window.location.pathname).toBe('/campaigns');
    expect(stub.requestsTo('/api/top-up-money-deposited')).toEqual([]);

    // The dialog's entry is gone: the next Back leaves the page, in one press.
    await pressBack();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('gives the entry back when the dialog closes by its own button', async () => {
    const { router, user } = await openApp('/dashboard', '/campaigns');
    const dialog = await openOn(user, 'cleo', 'Top-up');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/campaigns');

    await pressBack();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('keeps one entry when Reactivate hands over to New Package, which Back closes', async () => {
    stub.on('POST', '/api/check-model-availability', {
      body: { success: true, message: 'Model is available' },
    });
    const { router, user } = await openApp('/dashboard', '/campaigns');
    const reactivate = await openOn(user, 'bella', 'Reactivate');
    await user.click(within(reactivate).getByRole('button', { name: /^New Package/ }));
    const assign = await screen.findByRole('dialog', { name: 'Assign Ad Package' });
    await user.type(within(assign).getByLabelText('Deposit Amount (USD)'), '150');

    await pressBack();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/campaigns');

    await pressBack();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('keeps what was typed in the page behind the dialog', async () => {
    stub.on('POST', '/api/get-all-user-transactions', {
      body: {
        success: true,
        message: 'Transactions fetched successfully',
        data: [makeTransaction({ id: 42, amount: 300, coinType: 'eth', ethAmount: '0.100000' })],
      },
    });
    const { router, user } = await openApp('/dashboard', '/topup-balance');
    await screen.findByRole('list', { name: 'Deposits waiting' });
    await user.click(screen.getByRole('radio', { name: /^ETH/ }));
    await user.type(screen.getByLabelText('Amount (USD)'), '200');
    await user.click(screen.getByRole('button', { name: 'Create Transaction' }));
    await screen.findByRole('dialog', { name: 'Replace your open ETH deposit?' });

    await pressBack();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/topup-balance');
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(200);
    expect(screen.getByRole('radio', { name: /^ETH/ })).toBeChecked();
    expect(stub.requestsTo('/api/top-up-balance-v2')).toEqual([]);
  });

  it('lets the navigation of a dialog that closes take its place (the tracker after a deletion)', async () => {
    const iris = makeCampaign(7, 'iris', { status: false, end_date: '2025-04-01T12:00:00.000Z' });
    stub.on('POST', '/api/profile-ad-details', {
      body: { success: true, message: 'Profile ad details fetched', user: iris },
    });
    stub.on('POST', '/api/campaign-daily-clicks', {
      body: { success: true, granularity: 'day', data: [] },
    });
    stub.on('POST', '/api/remove-ad-package', {
      body: { success: true, message: 'Campaign for iris deleted successfully!' },
    });
    const { router, user } = await openApp('/campaigns', '/analytics/iris');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    // The dialog closes and the tracker replaces its own entry with /dashboard, in one go.
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('heading', { name: 'Campaign Dashboard' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.location.pathname).toBe('/dashboard');

    await pressBack();
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns'));
    expect(window.location.pathname).toBe('/campaigns');
  });

  it('lets a navigation made from a dialog take its place in the history', async () => {
    stub.on('POST', '/api/top-up-balance-v2', {
      status: 201,
      body: {
        success: true,
        message: 'Transaction created successfully',
        data: makeTransaction({ id: 43, coinType: 'eth' }),
      },
    });
    stub.on('POST', '/api/get-transaction', {
      body: {
        success: true,
        message: 'Transaction fetched successfully',
        data: makeDepositDetail({ id: 43, coinType: 'eth' }),
      },
    });
    stub.on('POST', '/api/get-all-user-transactions', {
      body: {
        success: true,
        message: 'Transactions fetched successfully',
        data: [makeTransaction({ id: 42, amount: 300, coinType: 'eth', ethAmount: '0.100000' })],
      },
    });
    const { router, user } = await openApp('/dashboard', '/topup-balance');
    await screen.findByRole('list', { name: 'Deposits waiting' });
    await user.click(screen.getByRole('radio', { name: /^ETH/ }));
    await user.type(screen.getByLabelText('Amount (USD)'), '200');
    await user.click(screen.getByRole('button', { name: 'Create Transaction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace your open ETH deposit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Start the new deposit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/topup-balance/43'));

    // One Back returns to the form, not to an entry the dialog left behind.
    await pressBack();
    await waitFor(() => expect(router.state.location.pathname).toBe('/topup-balance'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
