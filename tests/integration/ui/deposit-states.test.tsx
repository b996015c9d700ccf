// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { depositQueryKey } from '@/features/topup/api/get-transaction';
import type { TransactionDetail } from '@/shared/contract/deposits';
import { DEPOSIT_ADDRESS, makeDepositDetail } from './helpers/factories';
import { advanceUntil } from './helpers/fake-clock';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

const HASH = `0x${'ab'.repeat(31)}cdef`;
const SENDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser({ crypto_balance: 250 }));
  stub.on('POST', '/api/get-all-user-transactions', {
    body: { success: true, message: 'Transactions fetched successfully', data: [] },
  });
});
afterEach(() => {
  vi.useRealTimers();
});

function deposit(detail: TransactionDetail | (() => TransactionDetail)) {
  stub.on('POST', '/api/get-transaction', () => ({
    body: {
      success: true,
      message: 'Transaction fetched successfully',
      data: typeof detail === 'function' ? detail() : detail,
    },
  }));
}

const confirmedDeposit = (overrides: Partial<TransactionDetail> = {}) =>
  makeDepositDetail({
    status: 'confirmed',
    hash: HASH,
    from: SENDER,
    receivedAmount: '150.000000',
    creditedAmount: 150,
    confirmedAt: '2025-03-05T12:10:00.000Z',
    ...overrides,
  });

const depositStatus = () => screen.getByRole('status', { name: 'Deposit status' });

/** The payment instructions, its QR code and the buttons of an open deposit are gone. */
function expectNoPaymentAsked() {
  expect(screen.queryByRole('heading', { name: 'Payment Instructions' })).toBeNull();
  expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
  expect(screen.queryByText(/Send exactly/)).toBeNull();
  expect(screen.queryByRole('timer')).toBeNull();
  expect(screen.queryByRole('button', { name: 'I Have Transferred Payment' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Start Over' })).toBeNull();
}

describe('/topup-balance/{id}: what the deposit page shows', () => {
  it('a payment detected: its confirmations, without the countdown, instructions or Start Over', async () => {
    deposit(makeDepositDetail({ confirmations: { seen: 3, required: 12 } }));
    renderApp('/topup-balance/41', stub);
    expect(await screen.findByText('Payment detected — 3 of 12 confirmations')).toBeVisible();
    expect(depositStatus()).toHaveTextContent(
      'Payment detected — 3 of 12 confirmationsIt is added to your balance automatically once it has enough confirmations.',
    );
    expectNoPaymentAsked();
    expect(screen.getByText('Status').nextElementSibling).toHaveTextContent('Incomplete');
  });

  it('part paid: a new deposit is offered instead of Start Over (the paid one cannot be deleted)', async () => {
    deposit(makeDepositDetail({ receivedAmount: '100.000000', creditedAmount: 100 }));
    renderApp('/topup-balance/41', stub);
    const newDeposit = await screen.findByRole('link', { name: 'New deposit' });
    expect(newDeposit).toHaveAttribute('href', '/topup-balance');
    expect(screen.queryByRole('button', { name: 'Start Over' })).toBeNull();
    expect(screen.getByRole('button', { name: 'I Have Transferred Payment' })).toBeVisible();
  });

  it('part paid: what arrived and was credited, and the instructions for the rest', async () => {
    deposit(
      makeDepositDetail({
        receivedAmount: '100.000000',
        creditedAmount: 100,
        // The server's link pays what is still due.
        paymentUri:
          'ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@1/transfer?address=0x70997970C51812dc3A010C7d01b50e0d17dc79C8&uint256=50000000',
      }),
    );
    renderApp('/topup-balance/41', stub);
    expect(await screen.findByRole('heading', { name: 'Payment Instructions' })).toBeVisible();
    expect(depositStatus()).toHaveTextContent(
      '100.000000 USDC of 150.000000 USDC has arrived so far and $100.00 was added to your balance. Send the rest to the same address before the deposit closes, or start a new deposit.',
    );
    expect(screen.getByText('Amount still to send')).toBeVisible();
    expect(screen.getByText('50.000000 USDC')).toBeVisible();
    expect(screen.getByText('Send exactly 50.000000 USDC')).toBeVisible();
    expect(screen.getByRole('img', { name: 'QR code to pay 50.000000 USDC' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open in wallet app' })).toHaveAttribute(
      'href',
      `ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@1/transfer?address=${DEPOSIT_ADDRESS}&uint256=50000000`,
    );
    const details = screen.getByRole('heading', { name: 'Transaction Details' }).parentElement!;
    expect(within(details).getByText('Received').nextElementSibling).toHaveTextContent(
      '100.000000 USDC',
    );
    expect(within(details).getByText('Credited').nextElementSibling).toHaveTextContent('$100.00');
  });

  it('confirmed, opened again later: what was credited and its receipt, and it stays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    deposit(confirmedDeposit());
    const { router } = renderApp('/topup-balance/41', stub);
    expect(await screen.findByText('$150.00 was added to your balance.')).toBeVisible();
    expect(depositStatus()).toHaveTextContent('Payment verification successful!');
    expect(screen.getByRole('link', { name: 'View receipt' })).toHaveAttribute(
      'href',
      '/topup-balance/41?view=receipt',
    );
    expectNoPaymentAsked();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(router.state.location.pathname).toBe('/topup-balance/41');
    expect(stub.requestsTo('/api/get-transaction')).toHaveLength(1);
  });

  it('confirmed long ago, its last copy kept here still pending: shows it confirmed and stays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    deposit(confirmedDeposit());
    const { router } = renderApp('/topup-balance/41', stub, {
      // The persisted cache keeps a deposit 7 days: this copy was fetched 3 days ago, while pending.
      cache: (queryClient) =>
        queryClient.setQueryData(depositQueryKey(41), makeDepositDetail(), {
          updatedAt: Date.now() - 3 * 24 * 3600_000,
        }),
    });
    expect(await screen.findByText('$150.00 was added to your balance.')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(router.state.location.pathname).toBe('/topup-balance/41');
    expect(stub.requestsTo('/api/get-transaction')).toHaveLength(1);
  });

  it('confirmed while on the page: refreshes the balance and leaves for /transactions 2 s later', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    let answers = 0;
    // When the stub answered "confirmed" (the fake clock, which the server's handler reads too).
    let confirmedAt = Infinity;
    deposit(() => {
      if (++answers < 2) return makeDepositDetail();
      confirmedAt = Math.min(confirmedAt, Date.now());
      return confirmedDeposit();
    });
    const { router } = renderApp('/topup-balance/41', stub);
    await screen.findByRole('heading', { name: 'Payment Instructions' });
    const balanceChecks = stub.requestsTo('/api/auth/check-auth').length;
    stub.signIn(makeUser({ crypto_balance: 400 }));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByText('$150.00 was added to your balance.')).toBeVisible();
    expect(await screen.findByText('$400.00')).toBeVisible();
    expect(stub.requestsTo('/api/auth/check-auth').length).toBeGreaterThan(balanceChecks);
    const leftAt = await advanceUntil(() => router.state.location.pathname !== '/topup-balance/41');
    expect(router.state.location.pathname).toBe('/transactions');
    expect(leftAt - confirmedAt).toBeGreaterThanOrEqual(2000);
  });

  it('asks again when the advertiser comes back to the tab (from a wallet app, say)', async () => {
    deposit(makeDepositDetail({ status: 'failed' }));
    renderApp('/topup-balance/41', stub);
    await screen.findByText('Transaction expired. Please create a new transaction.');
    deposit(makeDepositDetail({ status: 'failed', receivedAmount: '1.000000', creditedAmount: 1 }));
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    expect(
      await screen.findByText(/^Payment verification failed: only 1.000000 USDC/),
    ).toBeVisible();
    expect(stub.requestsTo('/api/get-transaction')).toHaveLength(2);
  });

  it('a late ETH payment says it was counted at the ETH/USD price in force then', async () => {
    deposit(
      confirmedDeposit({
        coinType: 'eth',
        ethAmount: '0.050000',
        ethUsdPrice: 3000,
        receivedAmount: '0.050000',
        creditedAmount: 140,
        late: true,
        transfers: [
          {
            hash: HASH,
            amount: '0.050000',
            creditedAmount: 140,
            ethUsdPrice: 2800,
            confirmations: 12,
            blockTime: '2025-03-05T12:30:00.000Z',
          },
        ],
      }),
    );
    renderApp('/topup-balance/41', stub);
    expect(
      await screen.findByText(
        '$140.00 was added to your balance. This payment arrived after the deposit closed, so it was counted at the ETH/USD price in force then ($2,800.00).',
      ),
    ).toBeVisible();
  });

  it('a payment nobody asked for says it arrived with no open request, and what was added', async () => {
    deposit(confirmedDeposit({ origin: 'unrequested', amount: 75, creditedAmount: 75 }));
    renderApp('/topup-balance/41', stub);
    expect(
      await screen.findByText(
        'A payment arrived at your deposit address with no open request, and $75.00 was added to your balance.',
      ),
    ).toBeVisible();
  });

  it('expired unpaid: says so and offers a new deposit', async () => {
    deposit(makeDepositDetail({ status: 'failed' }));
    const { user, router } = renderApp('/topup-balance/41', stub);
    expect(
      await screen.findByText('Transaction expired. Please create a new transaction.'),
    ).toBeVisible();
    expectNoPaymentAsked();
    expect(screen.getByText('Status').nextElementSibling).toHaveTextContent('Failed');
    await user.click(screen.getByRole('link', { name: 'New deposit' }));
    expect(await screen.findByRole('button', { name: 'Create Transaction' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/topup-balance');
  });

  it('underpaid: what arrived, what it was worth, and a new deposit for the rest', async () => {
    deposit(
      makeDepositDetail({ status: 'failed', receivedAmount: '100.000000', creditedAmount: 100 }),
    );
    renderApp('/topup-balance/41', stub);
    expect(
      await screen.findByText(
        'Payment verification failed: only 100.000000 USDC of 150.000000 USDC arrived before the deposit closed. The $100.00 it was worth was added to your balance (no crypto is sent back). Start a new deposit for the rest.',
      ),
    ).toBeVisible();
    expectNoPaymentAsked();
    expect(screen.getByRole('link', { name: 'New deposit' })).toHaveAttribute(
      'href',
      '/topup-balance',
    );
    // Issue 35 point 10: the $100.00 credited has its receipt.
    expect(screen.getByRole('link', { name: 'View receipt' })).toHaveAttribute(
      'href',
      '/topup-balance/41?view=receipt',
    );
  });

  it('an unknown deposit, or someone else’s, is not found, with a way back', async () => {
    stub.on('POST', '/api/get-transaction', {
      status: 404,
      body: { success: false, message: 'Transaction not found' },
    });
    renderApp('/topup-balance/99', stub);
    expect(await screen.findByRole('heading', { name: 'Transaction not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Top Up Balance' })).toHaveAttribute(
      'href',
      '/topup-balance',
    );
  });

  it('a path below /topup-balance that names no deposit is not found, without asking', async () => {
    renderApp('/topup-balance/abc', stub);
    expect(await screen.findByRole('heading', { name: 'Transaction not found' })).toBeVisible();
    expect(stub.requestsTo('/api/get-transaction')).toEqual([]);
  });

  it('says why it could not load, with Try Again', async () => {
    stub.on('POST', '/api/get-transaction', 'network-failure');
    const { user } = renderApp('/topup-balance/41', stub);
    expect(
      await screen.findByText('Failed to fetch transaction. Please try again.', undefined, {
        timeout: 8000,
      }),
    ).toBeVisible();
    deposit(makeDepositDetail());
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Payment Instructions' })).toBeVisible();
  });
});
