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

const ISSUER = ['PromoClicks GmbH', 'Example Street 1', '10115 Berlin, Germany'];
const PAYER = { name: 'ava', email: 'ava@example.com', accountId: 1207 };

/**
 * Issue 35 point 10: an ETH request of $300.00 (0.1 ETH at $3,000.00) paid in two transfers, the
 * second beyond what was due (0.05 of it at the locked price, 0.01 at its block's $2,500.00), then a
 * late one: the lines add up to $325.00.
 */
const paidInParts = makeDepositDetail({
  coinType: 'eth',
  status: 'confirmed',
  late: true,
  amount: 300,
  ethAmount: '0.100000',
  ethUsdPrice: 3000,
  hash: FIRST_HASH,
  receivedAmount: '0.110000',
  creditedAmount: 325,
  confirmedAt: '2025-03-05T12:20:00.000Z',
  receipt: {
    issuer: ISSUER,
    payer: PAYER,
    date: '2025-03-05T12:20:00.000Z',
    lines: [
      {
        hash: FIRST_HASH,
        blockTime: '2025-03-05T12:05:00.000Z',
        basis: 'requested',
        amount: '0.050000',
        price: 3000,
        creditedAmount: 150,
      },
      {
        hash: SECOND_HASH,
        blockTime: '2025-03-05T12:18:00.000Z',
        basis: 'requested',
        amount: '0.050000',
        price: 3000,
        creditedAmount: 150,
      },
      {
        hash: SECOND_HASH,
        blockTime: '2025-03-05T12:18:00.000Z',
        basis: 'over',
        amount: '0.010000',
        price: 2500,
        creditedAmount: 25,
      },
    ],
  },
});

/** A USDC request of $150.00 that closed with $125.00 of it paid, $25.00 of that late. */
const underpaid = makeDepositDetail({
  coinType: 'usdc',
  status: 'failed',
  late: true,
  amount: 150,
  ethAmount: '150.000000',
  ethUsdPrice: null,
  hash: FIRST_HASH,
  receivedAmount: '125.000000',
  creditedAmount: 125,
  receipt: {
    issuer: ['PromoClicks'],
    payer: PAYER,
    date: '2025-03-06T09:00:00.000Z',
    lines: [
      {
        hash: FIRST_HASH,
        blockTime: '2025-03-05T12:05:00.000Z',
        basis: 'requested',
        amount: '100.000000',
        price: 1,
        creditedAmount: 100,
      },
      {
        hash: null,
        blockTime: '2025-03-06T08:59:00.000Z',
        basis: 'late',
        amount: '25.000000',
        price: 1,
        creditedAmount: 25,
      },
    ],
  },
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
  const cellsOf = (row: HTMLElement) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

  it('names issuer and payer and lists each part paid with its amount, price and credit, adding up; prints', async () => {
    deposit(paidInParts);
    // happy-dom has no print dialog.
    const print = vi.fn();
    Object.defineProperty(window, 'print', { value: print, configurable: true });
    const { user } = renderApp('/topup-balance/41?view=receipt', stub);
    const receipt = await screen.findByRole('article', { name: 'Deposit receipt' });
    const explorerLinks = await within(receipt).findAllByRole('link', {
      name: 'View on block explorer',
    });
    expect(within(receipt).getByRole('region', { name: 'Issued by' })).toHaveTextContent(
      'Issued byPromoClicks GmbHExample Street 110115 Berlin, Germany',
    );
    expect(within(receipt).getByRole('region', { name: 'Paid by' })).toHaveTextContent(
      'Paid byavaava@example.comAccount ID 1207',
    );
    expect(rowsOf(receipt.querySelector('dl')!)).toEqual([
      'Receipt number: 41',
      `Date: ${dateTime('2025-03-05T12:20:00.000Z')}`,
      'Status: Paid (completed late)',
      'Amount requested: $300.00 (0.100000 ETH at $3,000.00)',
      'Coin: ETH',
      `Deposit address: ${DEPOSIT_ADDRESS}`,
    ]);
    const table = within(receipt).getByRole('table', { name: 'Payments' });
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Payment', 'Amount', 'ETH/USD', 'Credited (USD)']);
    expect(rows.map(cellsOf)).toEqual([
      [
        `${FIRST_HASH}Toward the amount requested · ${dateTime('2025-03-05T12:05:00.000Z')}View on block explorer`,
        '0.050000 ETH',
        '$3,000.00',
        '$150.00',
      ],
      [
        `${SECOND_HASH}Toward the amount requested · ${dateTime('2025-03-05T12:18:00.000Z')}View on block explorer`,
        '0.050000 ETH',
        '$3,000.00',
        '$150.00',
      ],
      [
        `${SECOND_HASH}Beyond the amount requested · ${dateTime('2025-03-05T12:18:00.000Z')}View on block explorer`,
        '0.010000 ETH',
        '$2,500.00',
        '$25.00',
      ],
      ['Total', '0.110000 ETH', '', '$325.00'],
    ]);
    expect(explorerLinks.map((link) => link.getAttribute('href'))).toEqual([
      `https://explorer.test/tx/${FIRST_HASH}`,
      `https://explorer.test/tx/${SECOND_HASH}`,
      `https://explorer.test/tx/${SECOND_HASH}`,
    ]);

    await user.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Back to the deposit' })).toHaveAttribute(
      'href',
      '/topup-balance/41',
    );
  });

  it('an underpaid deposit has one too, its late part and one a contract sent listed', async () => {
    deposit(underpaid);
    renderApp('/topup-balance/41?view=receipt', stub);
    const receipt = await screen.findByRole('article', { name: 'Deposit receipt' });
    await within(receipt).findByRole('link', { name: 'View on block explorer' });
    expect(within(receipt).getByRole('region', { name: 'Issued by' })).toHaveTextContent(
      'Issued byPromoClicks',
    );
    expect(rowsOf(receipt.querySelector('dl')!).slice(1, 4)).toEqual([
      `Date: ${dateTime('2025-03-06T09:00:00.000Z')}`,
      'Status: Underpaid: the deposit closed before all of it arrived',
      'Amount requested: $150.00 (150.000000 USDC)',
    ]);
    const rows = within(within(receipt).getByRole('table', { name: 'Payments' })).getAllByRole(
      'row',
    );
    expect(rows.slice(1).map(cellsOf)).toEqual([
      [
        `${FIRST_HASH}Toward the amount requested · ${dateTime('2025-03-05T12:05:00.000Z')}View on block explorer`,
        '100.000000 USDC',
        '$1.00',
        '$100.00',
      ],
      [
        `None (sent by a contract)Paid after the deposit closed · ${dateTime('2025-03-06T08:59:00.000Z')}`,
        '25.000000 USDC',
        '$1.00',
        '$25.00',
      ],
      ['Total', '125.000000 USDC', '', '$125.00'],
    ]);
    expect(screen.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
  });

  it('before any payment is credited, says when a receipt is available and links to its page', async () => {
    deposit(makeDepositDetail());
    renderApp('/topup-balance/41?view=receipt', stub);
    expect(
      await screen.findByText(
        'A receipt is available once a payment to this deposit has been credited.',
      ),
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
