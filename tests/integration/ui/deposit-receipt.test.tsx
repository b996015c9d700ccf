// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TransactionDetail } from '@/shared/contract/deposits';
import { DEPOSIT_ADDRESS, makeDepositDetail } from './helpers/factories';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

const FIRST_HASH = `0x${'ab'.repeat(31)}cdef`;
const SECOND_HASH = `0x${'12'.repeat(31)}3456`;

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser());
});

function deposit(detail: TransactionDetail) {
  stub.on('POST', '/api/get-transaction', {
    body: { success: true, message: 'Transaction fetched successfully', data: detail },
  });
}

/** An ETH deposit paid in two transfers, counted at the price of each one's block. */
const paidInTwo = makeDepositDetail({
  coinType: 'eth',
  status: 'confirmed',
  amount: 300,
  ethAmount: '0.100000',
  ethUsdPrice: 3000,
  hash: SECOND_HASH,
  receivedAmount: '0.100000',
  creditedAmount: 299,
  confirmedAt: '2025-03-05T12:20:00.000Z',
  transfers: [
    {
      hash: FIRST_HASH,
      amount: '0.060000',
      creditedAmount: 180,
      ethUsdPrice: 3000,
      confirmations: 40,
      blockTime: '2025-03-05T12:05:00.000Z',
    },
    {
      hash: SECOND_HASH,
      amount: '0.040000',
      creditedAmount: 119,
      ethUsdPrice: 2975,
      confirmations: 12,
      blockTime: '2025-03-05T12:18:00.000Z',
    },
  ],
});

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

const rowsOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

describe('/topup-balance/{id}?view=receipt', () => {
  it('lists the deposit and each payment in full, with explorer links, and prints', async () => {
    deposit(paidInTwo);
    // happy-dom has no print dialog.
    const print = vi.fn();
    Object.defineProperty(window, 'print', { value: print, configurable: true });
    const { user } = renderApp('/topup-balance/41?view=receipt', stub);
    const receipt = await screen.findByRole('article', { name: 'Deposit receipt' });
    const explorerLinks = await within(receipt).findAllByRole('link', {
      name: 'View on block explorer',
    });
    const [summary, first, second] = [...receipt.querySelectorAll('dl')];
    expect(rowsOf(summary!)).toEqual([
      'Deposit ID: 41',
      `Date: ${dateTime('2025-03-05T12:20:00.000Z')}`,
      'Coin: ETH',
      'Amount received: 0.100000 ETH',
      'Credited (USD): $299.00',
      `Deposit address: ${DEPOSIT_ADDRESS}`,
    ]);
    expect(rowsOf(first!)).toEqual([
      `Transaction hash: ${FIRST_HASH}`,
      'Amount: 0.060000 ETH',
      'Credited: $180.00',
      'ETH/USD rate: $3,000.00',
      `Block time: ${dateTime('2025-03-05T12:05:00.000Z')}`,
      'Block explorer: View on block explorer',
    ]);
    expect(rowsOf(second!)).toContain('ETH/USD rate: $2,975.00');
    expect(explorerLinks.map((link) => link.getAttribute('href'))).toEqual([
      `https://explorer.test/tx/${FIRST_HASH}`,
      `https://explorer.test/tx/${SECOND_HASH}`,
    ]);

    await user.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Back to the deposit' })).toHaveAttribute(
      'href',
      '/topup-balance/41',
    );
  });

  it('before the deposit is confirmed, says when a receipt is available and links to its page', async () => {
    deposit(makeDepositDetail());
    renderApp('/topup-balance/41?view=receipt', stub);
    expect(
      await screen.findByText('A receipt is available once this deposit is confirmed.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the deposit' })).toHaveAttribute(
      'href',
      '/topup-balance/41',
    );
    expect(screen.queryByRole('button', { name: 'Print or save as PDF' })).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('an unknown deposit has no receipt', async () => {
    stub.on('POST', '/api/get-transaction', {
      status: 404,
      body: { success: false, message: 'Transaction not found' },
    });
    renderApp('/topup-balance/7?view=receipt', stub);
    expect(await screen.findByRole('heading', { name: 'Transaction not found' })).toBeVisible();
  });
});
