import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvFileName, transactionsCsv } from '@/features/transactions/csv';
import type { Transaction } from '@/shared/contract/deposits';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SENDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const HASH = `0x${'ab'.repeat(31)}cdef`;

function deposit(overrides: Partial<Transaction>): Transaction {
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
    ...overrides,
  };
}

const csv = (transactions: Transaction[]) => transactionsCsv(transactions, Papa.unparse);

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
        from: SENDER,
      }),
      deposit({ id: 2 }),
      deposit({ id: 1, status: 'failed', receivedAmount: '100.000000', creditedAmount: 100 }),
    ]);
    expect(text).toBe(
      [
        'ID,Created,Status,Amount (USD),Credited (USD),Coin,Coin amount,Received,ETH/USD,Hash,From,To',
        `3,2025-03-05T12:00:00.000Z,confirmed,1234.50,1234.50,ETH,0.411500,0.411500,3000.00,${HASH},${SENDER},${ADDRESS}`,
        `2,2025-03-05T12:00:00.000Z,pending,150.00,0.00,USDC,150.000000,0.000000,,,,${ADDRESS}`,
        `1,2025-03-05T12:00:00.000Z,failed,150.00,100.00,USDC,150.000000,100.000000,,,,${ADDRESS}`,
      ].join('\r\n'),
    );
  });

  it('escapes cells a spreadsheet would run as a formula, and quotes commas and quotes', () => {
    const lines = csv([
      deposit({ hash: '=HYPERLINK("http://evil.test","x")', from: '+1+1', to: '-2+3' }),
      deposit({ hash: '@SUM(A1)', from: '\tcmd', to: '\rcmd' }),
      deposit({ hash: 'a,b', from: 'say "hi"', to: ADDRESS }),
    ]).split('\r\n');
    const start = '1,2025-03-05T12:00:00.000Z,pending,150.00,0.00,USDC,150.000000,0.000000,';
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
