import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvFileName, transactionsCsv } from '@/features/transactions/csv';
import type { ListedTransaction } from '@/shared/contract/deposits';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SENDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const HASH = `0x${'ab'.repeat(31)}cdef`;
const HASH_2 = `0x${'cd'.repeat(32)}`;

function deposit(overrides: Partial<ListedTransaction>): ListedTransaction {
  return {
    id: 1,
    hash: null,
    status: 'pending',
    amount: 150,
    coinType: 'usdc',
    ethAmount: '150.000000',
    amountUnits: '150000000',
    ethUsdPrice: null,
    from: null,
    to: ADDRESS,
    paymentUri: `ethereum:${ADDRESS}`,
    createdAt: '2025-03-05T12:00:00.000Z',
    expiresAt: '2025-03-06T12:00:00.000Z',
    receivedAmount: '0.000000',
    creditedAmount: 0,
    confirmations: null,
    late: false,
    origin: 'request',
    confirmedAt: null,
    serverTime: '2025-03-05T12:00:00.000Z',
    hashes: [],
    ...overrides,
  };
}

const csv = (transactions: ListedTransaction[], timeZone = 'UTC') =>
  transactionsCsv(transactions, Papa.unparse, timeZone);

const HEADER =
  'ID,Created (UTC),Status,Labels,Amount (USD),Credited (USD),Coin,Coin amount,Received,ETH/USD,Hashes,From,To';

describe('the transactions CSV export', () => {
  it('writes a header and one line per deposit, CRLF-separated', () => {
    const text = csv([
      deposit({
        id: 3,
        status: 'confirmed',
        coinType: 'eth',
        amount: 1234.5,
        ethAmount: '0.411500',
        ethUsdPrice: 3000,
        receivedAmount: '0.411500',
        creditedAmount: 1234.5,
        hash: HASH,
        hashes: [HASH],
        from: SENDER,
      }),
      deposit({ id: 2 }),
      deposit({ id: 1, status: 'failed' }),
    ]);
    expect(text).toBe(
      [
        HEADER,
        `3,2025-03-05 12:00,confirmed,,1234.50,1234.50,ETH,0.411500,0.411500,3000.00,${HASH},${SENDER},${ADDRESS}`,
        `2,2025-03-05 12:00,pending,,150.00,0.00,USDC,150.000000,0.000000,,,,${ADDRESS}`,
        `1,2025-03-05 12:00,failed,,150.00,0.00,USDC,150.000000,0.000000,,,,${ADDRESS}`,
      ].join('\r\n'),
    );
  });

  it('issue 35: writes the minute in the zone its header names, the day changing with it', () => {
    const lines = csv(
      [
        deposit({ id: 2, createdAt: '2025-03-05T23:30:00.000Z' }),
        // Summer time: UTC+2.
        deposit({ id: 1, createdAt: '2025-07-01T09:05:00.000Z' }),
      ],
      'Europe/Berlin',
    ).split('\r\n');
    expect(lines[0]).toBe(HEADER.replace('Created (UTC)', 'Created (Europe/Berlin)'));
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(','))).toEqual([
      '2,2025-03-06 00:30',
      '1,2025-07-01 11:05',
    ]);
  });

  it("issue 35: keeps every label the row shows and every payment's hash, oldest first", () => {
    const lines = csv([
      // Part paid, its second payment waiting for its confirmations.
      deposit({
        id: 4,
        receivedAmount: '50.000000',
        creditedAmount: 50,
        hash: HASH,
        hashes: [HASH, HASH_2],
        confirmations: { seen: 1, required: 3 },
      }),
      // Closed with 100 of 150 USDC, part of it paid after the window.
      deposit({
        id: 3,
        status: 'failed',
        receivedAmount: '100.000000',
        creditedAmount: 100,
        late: true,
        hash: HASH,
        hashes: [HASH, HASH_2],
        from: SENDER,
      }),
      deposit({
        id: 2,
        status: 'confirmed',
        origin: 'unrequested',
        amount: 20,
        ethAmount: '20.000000',
        receivedAmount: '20.000000',
        creditedAmount: 20,
        hash: HASH_2,
        hashes: [HASH_2],
      }),
      // Expired with nothing paid: not underpaid.
      deposit({ id: 1, status: 'failed' }),
    ]).split('\r\n');
    expect(lines.slice(1)).toEqual([
      `4,2025-03-05 12:00,pending,1 of 3 confirmations,150.00,50.00,USDC,150.000000,50.000000,,${HASH}; ${HASH_2},,${ADDRESS}`,
      `3,2025-03-05 12:00,failed,Paid late; Underpaid,150.00,100.00,USDC,150.000000,100.000000,,${HASH}; ${HASH_2},${SENDER},${ADDRESS}`,
      `2,2025-03-05 12:00,confirmed,Unrequested payment,20.00,20.00,USDC,20.000000,20.000000,,${HASH_2},,${ADDRESS}`,
      `1,2025-03-05 12:00,failed,,150.00,0.00,USDC,150.000000,0.000000,,,,${ADDRESS}`,
    ]);
  });

  it('escapes cells a spreadsheet would run as a formula, and quotes commas and quotes', () => {
    const lines = csv([
      deposit({ hashes: ['=HYPERLINK("http://evil.test","x")'], from: '+1+1', to: '-2+3' }),
      deposit({ hashes: ['@SUM(A1)'], from: '\tcmd', to: '\rcmd' }),
      deposit({ hashes: ['a,b'], from: 'say "hi"', to: ADDRESS }),
    ]).split('\r\n');
    const start = '1,2025-03-05 12:00,pending,,150.00,0.00,USDC,150.000000,0.000000,';
    expect(lines.slice(1)).toEqual([
      `${start},"'=HYPERLINK(""http://evil.test"",""x"")","'+1+1","'-2+3"`,
      `${start},"'@SUM(A1)","'\tcmd","'\rcmd"`,
      `${start},"a,b","say ""hi""",${ADDRESS}`,
    ]);
  });

  it('names the file after the day, in local time', () => {
    expect(csvFileName(new Date(2025, 2, 5, 23, 59))).toBe('transactions-2025-03-05.csv');
    expect(csvFileName(new Date(2026, 10, 26))).toBe('transactions-2026-11-26.csv');
  });
});
