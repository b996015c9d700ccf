// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ListedTransaction, Transaction, TransactionDetail } from '@/shared/contract/deposits';
import { DEPOSIT_ADDRESS, makeDepositDetail, makeTransaction } from './helpers/factories';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser({ crypto_balance: 250 }));
  pendingDeposits([]);
});

function pendingDeposits(data: ListedTransaction[]) {
  stub.on('POST', '/api/get-all-user-transactions', {
    body: { success: true, message: 'Transactions fetched successfully', data },
  });
}

function created(transaction: Transaction) {
  stub.on('POST', '/api/top-up-balance-v2', {
    status: 201,
    body: { success: true, message: 'Transaction created successfully', data: transaction },
  });
}

function deposit(detail: TransactionDetail) {
  stub.on('POST', '/api/get-transaction', {
    body: { success: true, message: 'Transaction fetched successfully', data: detail },
  });
}

async function fillIn(user: ReturnType<typeof renderApp>['user'], coin: string, amount: string) {
  await user.click(await screen.findByRole('radio', { name: new RegExp(`^${coin}`) }));
  await user.type(screen.getByLabelText('Amount (USD)'), amount);
  await user.click(screen.getByRole('button', { name: 'Create Transaction' }));
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
    expect(screen.queryByRole('list', { name: 'Deposits waiting' })).toBeNull();
  });

  it('creates a USDC deposit and opens its own page, /topup-balance/{id}', async () => {
    created(makeTransaction());
    deposit(makeDepositDetail());
    const { user, router } = renderApp('/topup-balance', stub);
    await fillIn(user, 'USDC', '150');
    expect(
      await screen.findByRole('heading', { name: 'Payment Instructions' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/topup-balance/41');
    expect(stub.requestsTo('/api/top-up-balance-v2').map((request) => request.body)).toEqual([
      // Issue 31: the screen showed no open USDC deposit, and says so.
      { amount: 150, coinType: 'usdc', replaces: null },
    ]);
    expect(screen.getByText('Deposit 41')).toBeInTheDocument();
    expect(screen.getByText('150.000000 USDC')).toBeInTheDocument();
    expect(screen.getByText(DEPOSIT_ADDRESS)).toBeInTheDocument();
  });

  it('shows the server message by the button, or the fallback when the server is not reached', async () => {
    stub.on('POST', '/api/top-up-balance-v2', {
      status: 400,
      body: {
        success: false,
        message:
          'A payment to your open deposit in this coin is still being confirmed. Please wait until it is credited, then start a new one.',
      },
    });
    const { user } = renderApp('/topup-balance', stub);
    await fillIn(user, 'ETH', '100');
    const alert = await screen.findByRole('alert');
    const submit = screen.getByRole('button', { name: 'Create Transaction' });
    // By the button that caused it.
    expect(submit.nextElementSibling).toBe(alert);
    expect(alert).toHaveTextContent(
      'A payment to your open deposit in this coin is still being confirmed. Please wait until it is credited, then start a new one.',
    );
    stub.on('POST', '/api/top-up-balance-v2', { status: 500, body: { success: false } });
    await user.click(submit);
    await waitFor(() =>
      expect(submit.nextElementSibling).toHaveTextContent(
        'Error creating transaction, please try again',
      ),
    );
  });

  it('offers the deposit still waiting for its payment, and continues it on its page', async () => {
    pendingDeposits([makeTransaction()]);
    deposit(makeDepositDetail());
    const { user, router } = renderApp('/topup-balance', stub);
    const waiting = await screen.findByRole('list', { name: 'Deposits waiting' });
    expect(within(waiting).getByText('You have a deposit waiting: $150.00 in USDC')).toBeVisible();
    expect(stub.requestsTo('/api/get-all-user-transactions')[0]?.body).toEqual({
      action: 'pending',
    });
    await user.click(within(waiting).getByRole('link', { name: /^Continue/ }));
    expect(
      await screen.findByRole('heading', { name: 'Payment Instructions' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/topup-balance/41');
  });

  it('issue 31: a part-paid deposit says what is still due, not the amount first asked', async () => {
    pendingDeposits([
      makeTransaction({
        id: 42,
        amount: 300,
        coinType: 'eth',
        ethAmount: '0.100000',
        amountUnits: '100000000000000000',
        ethUsdPrice: 3000,
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        receivedAmount: '0.050000',
        creditedAmount: 150,
      }),
    ]);
    renderApp('/topup-balance', stub);
    const waiting = await screen.findByRole('list', { name: 'Deposits waiting' });
    expect(within(waiting).getByRole('listitem')).toHaveTextContent(
      'You have a deposit waiting: $150.00 of $300.00 still due in ETH (0.050000 ETH)',
    );
    expect(within(waiting).queryByText(/\$300\.00 in ETH$/)).toBeNull();
  });

  it("issue 31: a deposit whose time is over (server's clock) is not said to be waiting", async () => {
    pendingDeposits([
      makeTransaction({
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
        // The server's clock is two minutes ahead of the phone's: its window closed a minute ago.
        serverTime: new Date(Date.now() + 120_000).toISOString(),
      }),
    ]);
    renderApp('/topup-balance', stub);
    const waiting = await screen.findByRole('list', { name: 'Deposits waiting' });
    expect(within(waiting).getByRole('listitem')).toHaveTextContent(
      'The time to pay your deposit of $150.00 in USDC is over. A payment that still arrives is added to your balance',
    );
  });

  describe('issue 31: a new deposit while one of the coin is open asks first', () => {
    const openEth = (overrides: Partial<Transaction> = {}) =>
      makeTransaction({
        id: 42,
        amount: 300,
        coinType: 'eth',
        ethAmount: '0.100000',
        amountUnits: '100000000000000000',
        ethUsdPrice: 3000,
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        ...overrides,
      });

    it('unpaid: says it is cancelled; Keep it sends nothing, confirming names the one it ends', async () => {
      pendingDeposits([openEth(), makeTransaction()]);
      created(makeTransaction({ id: 43, coinType: 'eth' }));
      deposit(makeDepositDetail({ id: 43, coinType: 'eth' }));
      const { user, router } = renderApp('/topup-balance', stub);
      await screen.findByRole('list', { name: 'Deposits waiting' });
      await fillIn(user, 'ETH', '200');
      const dialog = await screen.findByRole('dialog', { name: 'Replace your open ETH deposit?' });
      expect(dialog).toHaveAccessibleDescription(
        'You have a deposit of $300.00 in ETH open. A new ETH deposit cancels it: do not send its 0.100000 ETH any more. A payment that still arrives at your deposit address is added to your balance.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(stub.requestsTo('/api/top-up-balance-v2')).toEqual([]);

      await user.click(screen.getByRole('button', { name: 'Create Transaction' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', {
          name: 'Start the new deposit',
        }),
      );
      expect(
        await screen.findByRole('heading', { name: 'Payment Instructions' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/topup-balance/43');
      expect(stub.requestsTo('/api/top-up-balance-v2').map((request) => request.body)).toEqual([
        { amount: 200, coinType: 'eth', replaces: 42 },
      ]);
    });

    it('part paid: says it ends as failed (underpaid) with what arrived kept', async () => {
      pendingDeposits([openEth({ receivedAmount: '0.050000', creditedAmount: 150 })]);
      const { user } = renderApp('/topup-balance', stub);
      await screen.findByRole('list', { name: 'Deposits waiting' });
      await fillIn(user, 'ETH', '200');
      expect(
        await screen.findByRole('dialog', { name: 'Replace your open ETH deposit?' }),
      ).toHaveAccessibleDescription(
        'Part of your deposit of $300.00 in ETH has arrived: 0.050000 ETH of 0.100000 ETH, and $150.00 was added to your balance. A new ETH deposit ends it as failed (underpaid): the $150.00 stays in your balance, and the rest can no longer be sent to it. No crypto is sent back.',
      );
    });

    it('another coin is not asked about; a refusal because it changed meanwhile shows and refreshes the list', async () => {
      pendingDeposits([openEth()]);
      stub.on('POST', '/api/top-up-balance-v2', {
        status: 409,
        body: {
          success: false,
          message:
            'Your open deposit in this coin changed in the meantime. Please look at it again before starting a new one.',
        },
      });
      const { user } = renderApp('/topup-balance', stub);
      await screen.findByRole('list', { name: 'Deposits waiting' });
      await fillIn(user, 'USDC', '150');
      expect(screen.queryByRole('dialog')).toBeNull();
      const submit = await screen.findByRole('button', { name: 'Create Transaction' });
      await waitFor(() =>
        expect(submit.nextElementSibling).toHaveTextContent(
          'Your open deposit in this coin changed in the meantime. Please look at it again before starting a new one.',
        ),
      );
      expect(stub.requestsTo('/api/top-up-balance-v2').map((request) => request.body)).toEqual([
        { amount: 150, coinType: 'usdc', replaces: null },
      ]);
      await waitFor(() =>
        expect(stub.requestsTo('/api/get-all-user-transactions').length).toBeGreaterThan(1),
      );
    });
  });

  it('redirects /topup to /topup-balance', async () => {
    const { router } = renderApp('/topup', stub);
    expect(await screen.findByRole('heading', { name: 'New Deposit' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/topup-balance');
  });
});
