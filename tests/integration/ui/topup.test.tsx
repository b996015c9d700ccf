// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { Transaction } from '../../../src/shared/contract/deposits';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SENDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 41,
    hash: null,
    status: 'pending',
    amount: 150,
    coinType: 'usdc',
    ethAmount: '150.000001',
    amountUnits: '150000001',
    ethUsdPrice: null,
    from: null,
    to: WALLET,
    paymentUri: `ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@1/transfer?address=${WALLET}&uint256=150000001`,
    createdAt: '2025-03-05T12:00:00.000Z',
    expiresAt: null,
    ...overrides,
  };
}

function ethTransaction(secondsLeft: number): Transaction {
  return makeTransaction({
    id: 42,
    coinType: 'eth',
    ethAmount: '0.050001',
    amountUnits: '50001000000000000',
    ethUsdPrice: 3000,
    paymentUri: `ethereum:${WALLET}@1?value=5.0001e16`,
    expiresAt: new Date(Date.now() + secondsLeft * 1000).toISOString(),
  });
}

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser({ crypto_balance: 250 }));
});
afterEach(() => {
  vi.useRealTimers();
});

function useFakeTimers() {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  return { advanceTimers: (ms: number) => vi.advanceTimersByTime(ms) };
}

async function passSeconds(seconds: number) {
  for (let second = 0; second < seconds; second++) {
    await act(() => vi.advanceTimersByTimeAsync(1000));
  }
}

async function createDeposit(
  user: ReturnType<typeof renderApp>['user'],
  coin: 'ETH' | 'USDC' | 'USDT',
  amount: string,
) {
  await user.click(await screen.findByRole('radio', { name: new RegExp(`^${coin}`) }));
  await user.type(screen.getByLabelText('Amount (USD)'), amount);
  await user.click(screen.getByRole('button', { name: 'Create Transaction' }));
  await screen.findByRole('heading', { name: 'Payment Instructions' });
}

describe('/topup-balance: the deposit form', () => {
  it('shows the balance and checks the amount with the spec messages', async () => {
    const { user } = renderApp('/topup-balance', stub);
    expect(await screen.findByRole('heading', { name: 'Top Up Balance' })).toBeInTheDocument();
    expect(await screen.findByText('$250.00')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^ETH/ })).toBeChecked();
    expect(screen.getByRole('list', { name: 'How it works' })).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount (USD)');
    const submit = screen.getByRole('button', { name: 'Create Transaction' });
    expect(amount).toHaveAttribute('step', '0.01');
    expect(submit).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(amount, '99.99');
    expect(screen.getByRole('alert')).toHaveTextContent('Minimum deposit amount is $100');
    expect(submit).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '10000.01');
    expect(screen.getByRole('alert')).toHaveTextContent('Maximum deposit amount is $10,000');
    expect(submit).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '-5');
    expect(screen.getByRole('alert')).toHaveTextContent('Minimum deposit amount is $100');
    await user.clear(amount);
    await user.type(amount, '100');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(submit).toBeEnabled();
  });

  it('creates a USDC deposit and shows the payment panel, QR code, wallet link and details', async () => {
    stub.on('POST', '/api/top-up-balance-v2', {
      status: 201,
      body: { success: true, message: 'Transaction created successfully', data: makeTransaction() },
    });
    const { user } = renderApp('/topup-balance', stub);
    await createDeposit(user, 'USDC', '150');
    expect(stub.requestsTo('/api/top-up-balance-v2').map((request) => request.body)).toEqual([
      { amount: 150, coinType: 'usdc' },
    ]);
    expect(screen.getByText('150.000001 USDC')).toBeInTheDocument();
    expect(screen.getByText(WALLET)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code to pay 150.000001 USDC' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in wallet app' })).toHaveAttribute(
      'href',
      makeTransaction().paymentUri,
    );
    expect(screen.getByText('Send only on the Ethereum (ERC-20) network')).toBeInTheDocument();
    expect(
      screen.getByText(/Underpaying a transfer fails and is non-refundable/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('link', { name: /Need Help/ })).toHaveAttribute('href', '/support');

    const details = screen.getByRole('heading', { name: 'Transaction Details' }).parentElement!;
    const rows = within(details)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      'Transaction ID: 41',
      'Amount (USD): $150.00',
      'Coin Type: USDC',
      'Status: Pending',
      `Created: ${new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date('2025-03-05T12:00:00.000Z'))}`,
    ]);

    await user.click(screen.getByRole('button', { name: 'Copy wallet address' }));
    expect(await navigator.clipboard.readText()).toBe(WALLET);
    expect(screen.getByRole('button', { name: 'Copy wallet address' })).toHaveTextContent(
      'Copied!',
    );
  });

  it('shows the server message, or the fallback when the server is not reached', async () => {
    stub.on('POST', '/api/top-up-balance-v2', {
      status: 503,
      body: { success: false, message: 'The ETH price feed is stale; try USDC or USDT' },
    });
    const { user } = renderApp('/topup-balance', stub);
    await user.type(await screen.findByLabelText('Amount (USD)'), '100');
    await user.click(screen.getByRole('button', { name: 'Create Transaction' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The ETH price feed is stale; try USDC or USDT',
    );
    stub.on('POST', '/api/top-up-balance-v2', { status: 500, body: { success: false } });
    await user.click(screen.getByRole('button', { name: 'Create Transaction' }));
    expect(
      await screen.findByText('Error creating transaction, please try again'),
    ).toBeInTheDocument();
  });
});

describe('/topup-balance: paying and verifying', () => {
  it('waits 10 seconds before asking for the sender, verifies, refreshes the balance and leaves for /transactions after 2 s', async () => {
    const timers = useFakeTimers();
    stub.on('POST', '/api/top-up-balance-v2', {
      status: 201,
      body: { success: true, message: 'Transaction created successfully', data: makeTransaction() },
    });
    stub.on('POST', '/api/verify-transaction-v2', {
      body: {
        success: true,
        message: 'Payment verification successful!',
        data: makeTransaction({ status: 'confirmed', hash: `0x${'ab'.repeat(32)}`, from: SENDER }),
      },
    });
    stub.on('POST', '/api/get-all-user-transactions', {
      body: { success: true, message: 'Transactions fetched successfully', data: [] },
    });
    const { user, router } = renderApp('/topup-balance', stub, { userEvent: timers });
    await createDeposit(user, 'USDC', '150');

    await user.click(screen.getByRole('button', { name: 'I Have Transferred Payment' }));
    expect(screen.getByRole('button', { name: 'Please wait...' })).toBeDisabled();
    await passSeconds(9);
    expect(screen.queryByLabelText('Sender Crypto Address')).toBeNull();
    await passSeconds(1);
    const address = screen.getByLabelText('Sender Crypto Address');
    const verify = screen.getByRole('button', { name: 'Verify Payment' });
    expect(verify).toBeDisabled();
    await user.type(address, SENDER);
    expect(verify).toBeEnabled();

    stub.signIn(makeUser({ crypto_balance: 400 }));
    await user.click(verify);
    expect(await screen.findByRole('status')).toHaveTextContent('Payment verification successful!');
    expect(stub.requestsTo('/api/verify-transaction-v2').map((request) => request.body)).toEqual([
      { address: SENDER, crmTransactionId: 41 },
    ]);
    expect(await screen.findByText('$400.00')).toBeInTheDocument();
    expect(screen.getByText('Status').nextElementSibling).toHaveTextContent('Confirmed');
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(router.state.location.pathname).toBe('/topup-balance');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(router.state.location.pathname).toBe('/transactions');
    // The action ended on another page: the message is said there too (issue 13).
    expect(await screen.findByRole('heading', { name: 'Transactions' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Payment verification successful!');
  });

  it('shows the verify error of the server, and the fallback on a network failure', async () => {
    const timers = useFakeTimers();
    stub.on('POST', '/api/top-up-balance-v2', {
      status: 201,
      body: { success: true, message: 'Transaction created successfully', data: makeTransaction() },
    });
    stub.on('POST', '/api/verify-transaction-v2', {
      status: 400,
      body: { success: false, message: 'Payment not found yet. Please try again in a minute.' },
    });
    const { user } = renderApp('/topup-balance', stub, { userEvent: timers });
    await createDeposit(user, 'USDT', '150');
    await user.click(screen.getByRole('button', { name: 'I Have Transferred Payment' }));
    await passSeconds(10);
    await user.type(screen.getByLabelText('Sender Crypto Address'), SENDER);
    await user.click(screen.getByRole('button', { name: 'Verify Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payment not found yet. Please try again in a minute.',
    );
    stub.on('POST', '/api/verify-transaction-v2', { status: 500, body: { success: false } });
    await user.click(screen.getByRole('button', { name: 'Verify Payment' }));
    expect(
      await screen.findByText('Error verifying payment, please try again'),
    ).toBeInTheDocument();
  });

  it('Start Over deletes the transaction and resets the form', async () => {
    stub.on('POST', '/api/top-up-balance-v2', {
      status: 201,
      body: { success: true, message: 'Transaction created successfully', data: makeTransaction() },
    });
    stub.on('POST', '/api/delete-transaction', { status: 500, body: { success: false } });
    const { user } = renderApp('/topup-balance', stub);
    await createDeposit(user, 'USDC', '150');
    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error deleting transaction, please try again',
    );
    stub.on('POST', '/api/delete-transaction', {
      body: { success: true, message: 'Transaction deleted successfully' },
    });
    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    expect(await screen.findByRole('button', { name: 'Create Transaction' })).toBeDisabled();
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(null);
    expect(screen.getByRole('radio', { name: /^ETH/ })).toBeChecked();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(stub.requestsTo('/api/delete-transaction').map((request) => request.body)).toEqual([
      { transaction_id: 41 },
      { transaction_id: 41 },
    ]);
  });
});

describe('/topup-balance: the ETH payment window', () => {
  it('counts down once per second', async () => {
    const timers = useFakeTimers();
    stub.on('POST', '/api/top-up-balance-v2', () => ({
      status: 201,
      body: {
        success: true,
        message: 'Transaction created successfully',
        data: ethTransaction(900),
      },
    }));
    const { user } = renderApp('/topup-balance', stub, { userEvent: timers });
    await createDeposit(user, 'ETH', '150');
    expect(screen.getByRole('timer', { name: 'Time remaining' })).toHaveTextContent('15:00');
    await passSeconds(1);
    expect(screen.getByRole('timer')).toHaveTextContent('14:59');
    await passSeconds(60);
    expect(screen.getByRole('timer')).toHaveTextContent('13:59');
    const details = screen.getByRole('heading', { name: 'Transaction Details' }).parentElement!;
    expect(within(details).getByText('ETH Amount').nextElementSibling).toHaveTextContent(
      '0.050001',
    );
    expect(within(details).getByText('ETH/USD Rate').nextElementSibling).toHaveTextContent(
      '$3,000.00',
    );
  });

  it('at zero disables verifying, deletes the transaction and asks to start again', async () => {
    const timers = useFakeTimers();
    stub.on('POST', '/api/top-up-balance-v2', () => ({
      status: 201,
      body: {
        success: true,
        message: 'Transaction created successfully',
        data: ethTransaction(12),
      },
    }));
    const deletion = stub.hold('POST', '/api/delete-transaction');
    const { user } = renderApp('/topup-balance', stub, { userEvent: timers });
    await createDeposit(user, 'ETH', '150');
    await user.click(screen.getByRole('button', { name: 'I Have Transferred Payment' }));
    await passSeconds(10);
    await user.type(screen.getByLabelText('Sender Crypto Address'), SENDER);
    expect(screen.getByRole('button', { name: 'Verify Payment' })).toBeEnabled();
    await passSeconds(2);
    expect(screen.getByRole('timer')).toHaveTextContent('0:00');
    expect(screen.getByRole('button', { name: 'Verify Payment' })).toBeDisabled();
    deletion.release({ body: { success: true, message: 'Transaction deleted successfully' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Transaction expired. Please create a new transaction.',
    );
    expect(screen.getByRole('button', { name: 'Create Transaction' })).toBeDisabled();
    expect(stub.requestsTo('/api/delete-transaction').map((request) => request.body)).toEqual([
      { transaction_id: 42 },
    ]);
  });

  it('says so when the expired transaction cannot be deleted', async () => {
    const timers = useFakeTimers();
    stub.on('POST', '/api/top-up-balance-v2', () => ({
      status: 201,
      body: { success: true, message: 'Transaction created successfully', data: ethTransaction(2) },
    }));
    stub.on('POST', '/api/delete-transaction', { status: 500, body: { success: false } });
    const { user } = renderApp('/topup-balance', stub, { userEvent: timers });
    await createDeposit(user, 'ETH', '150');
    await passSeconds(2);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error deleting expired transaction',
    );
  });
});
