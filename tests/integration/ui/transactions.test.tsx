// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { Transaction } from '../../../src/shared/contract/deposits';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SENDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const HASH = `0x${'ab'.repeat(31)}cdef`;

function makeTransaction(id: number, overrides: Partial<Transaction> = {}): Transaction {
  return {
    id,
    hash: HASH,
    status: 'confirmed',
    amount: 150.5,
    coinType: 'usdc',
    ethAmount: '150.500001',
    amountUnits: '150500001',
    ethUsdPrice: null,
    from: SENDER,
    to: WALLET,
    paymentUri: `ethereum:${WALLET}`,
    createdAt: '2025-03-05T12:00:00.000Z',
    expiresAt: null,
    ...overrides,
  };
}

const listed = (data: Transaction[]) => ({
  body: { success: true, message: 'Transactions fetched successfully', data },
});

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser());
});
afterEach(() => {
  vi.useRealTimers();
});

const row = (id: number) => screen.findByRole('listitem', { name: `Transaction ${id}` });

describe('/transactions', () => {
  it('shows each row: status, dollars, coin, 6-decimal amount, shortened hash and addresses, time', async () => {
    stub.on(
      'POST',
      '/api/get-all-user-transactions',
      listed([
        makeTransaction(3, { coinType: 'eth', ethAmount: '0.05', amount: 100, ethUsdPrice: 2000 }),
        makeTransaction(2, { status: 'pending', hash: null, from: null }),
        makeTransaction(1, { status: 'failed' }),
      ]),
    );
    renderApp('/transactions', stub);
    const eth = await row(3);
    expect(within(eth).getByText('confirmed')).toBeInTheDocument();
    expect(within(eth).getByText('$100.00')).toBeInTheDocument();
    expect(within(eth).getByText('ETH')).toBeInTheDocument();
    expect(within(eth).getByText('0.050000')).toBeInTheDocument();
    expect(within(eth).getByText('0xabab...cdef')).toBeInTheDocument();
    expect(within(eth).getByText('0x3C44...93BC')).toBeInTheDocument();
    expect(within(eth).getByText('0x7099...79C8')).toBeInTheDocument();
    expect(
      await within(eth).findByRole('link', { name: 'View on block explorer' }),
    ).toHaveAttribute('href', `https://explorer.test/tx/${HASH}`);
    expect(within(eth).getByRole('button', { name: 'Copy hash' })).toBeInTheDocument();

    const pending = await row(2);
    expect(within(pending).getByText('incomplete')).toBeInTheDocument();
    expect(within(pending).getByText('$150.50')).toBeInTheDocument();
    expect(within(pending).getByText('150.500001')).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: 'Copy hash' })).toBeNull();
    expect(within(pending).queryByRole('link', { name: 'View on block explorer' })).toBeNull();

    expect(within(await row(1)).getByText('failed')).toBeInTheDocument();
    expect(stub.requestsTo('/api/get-all-user-transactions')[0]?.body).toEqual({ action: 'all' });
  });

  it('filters on the server by action', async () => {
    stub.on('POST', '/api/get-all-user-transactions', (request) => {
      const { action } = request.body as { action: string };
      return listed(action === 'failed' ? [makeTransaction(9, { status: 'failed' })] : []);
    });
    const { user } = renderApp('/transactions', stub);
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Failed' }));
    expect(screen.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
    expect(await row(9)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pending' }));
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirmed' }));
    await screen.findByText('No transactions found');
    expect(
      stub.requestsTo('/api/get-all-user-transactions').map((request) => request.body),
    ).toEqual([
      { action: 'all' },
      { action: 'failed' },
      { action: 'pending' },
      { action: 'confirmed' },
    ]);
  });

  it('pages 10 rows at a time with at most 5 page buttons', async () => {
    const data = Array.from({ length: 75 }, (_, index) => makeTransaction(75 - index));
    stub.on('POST', '/api/get-all-user-transactions', listed(data));
    const { user } = renderApp('/transactions', stub);
    await row(75);
    const list = screen.getByRole('list', { name: 'Transactions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    const pageNames = () =>
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((button) => button.textContent);
    expect(pageNames()).toEqual(['1', '2', '3', '4', '5']);
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Page 5' }));
    expect(pageNames()).toEqual(['3', '4', '5', '6', '7']);
    expect(within(list).getAllByRole('listitem')[0]).toHaveAccessibleName('Transaction 35');
    await user.click(within(pager).getByRole('button', { name: 'Page 7' }));
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(pageNames()).toEqual(['4', '5', '6', '7', '8']);
    expect(within(pager).getByRole('button', { name: 'Page 8' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('copies the hash and shows the confirmation for 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    stub.on('POST', '/api/get-all-user-transactions', listed([makeTransaction(1)]));
    const { user } = renderApp('/transactions', stub, {
      userEvent: { advanceTimers: (ms) => vi.advanceTimersByTime(ms) },
    });
    const copy = within(await row(1)).getByRole('button', { name: 'Copy hash' });
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe(HASH);
    expect(copy).toHaveTextContent('Copied!');
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(copy).toHaveTextContent('Copied!');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(copy).not.toHaveTextContent('Copied!');
  });

  it('shows the server message or the fallbacks, with Try Again', async () => {
    stub.on('POST', '/api/get-all-user-transactions', {
      status: 500,
      body: { success: false, message: 'Failed to fetch transactions' },
    });
    const { user } = renderApp('/transactions', stub);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch transactions');
    stub.on('POST', '/api/get-all-user-transactions', 'network-failure');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByText('Failed to fetch transactions. Please try again.'),
    ).toBeInTheDocument();
    stub.on('POST', '/api/get-all-user-transactions', listed([makeTransaction(4)]));
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await row(4)).toBeInTheDocument();
  });
});
