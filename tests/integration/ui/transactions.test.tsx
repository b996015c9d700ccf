// @vitest-environment happy-dom
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  onTestFinished,
  vi,
} from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ListedTransaction } from '@/shared/contract/deposits';
import { makeTransaction } from './helpers/factories';
import { renderApp } from './helpers/render-app';
import { advanceUntil } from './helpers/fake-clock';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

// The CSV writer runs as a classic script in the browser (load-papaparse.ts); here it is imported.
vi.mock('@/lib/load-papaparse', async () => {
  const papaparse = await import('papaparse');
  return { loadUnparse: async () => papaparse.default.unparse };
});

// Issue 35: the CSV's dates are in the browser's zone, named in its header (Berlin here: UTC+1).
const ZONE = 'Europe/Berlin';
const keptZone = process.env.TZ;
process.env.TZ = ZONE;

const SENDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const HASH = `0x${'ab'.repeat(31)}cdef`;

/** A $150.50 USDC deposit paid and confirmed, unless overridden. */
function deposit(id: number, overrides: Partial<ListedTransaction> = {}): ListedTransaction {
  return makeTransaction({
    id,
    hash: HASH,
    status: 'confirmed',
    amount: 150.5,
    ethAmount: '150.500000',
    amountUnits: '150500000',
    from: SENDER,
    receivedAmount: '150.500000',
    creditedAmount: 150.5,
    confirmedAt: '2025-03-05T12:10:00.000Z',
    ...overrides,
  });
}

const listed = (data: ListedTransaction[]) => ({
  body: { success: true, message: 'Transactions fetched successfully', data },
});

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(async () => {
  await stub.close();
  process.env.TZ = keptZone;
});
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
        deposit(3, { coinType: 'eth', ethAmount: '0.05', amount: 100, ethUsdPrice: 2000 }),
        deposit(2, { status: 'pending', hash: null, from: null, receivedAmount: '0.000000' }),
        deposit(1, { status: 'failed' }),
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
    expect(within(pending).getByText('150.500000')).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: 'Copy hash' })).toBeNull();
    expect(within(pending).queryByRole('link', { name: 'View on block explorer' })).toBeNull();

    expect(within(await row(1)).getByText('failed')).toBeInTheDocument();
    expect(stub.requestsTo('/api/get-all-user-transactions')[0]?.body).toEqual({ action: 'all' });
  });

  it('links a pending row to its deposit page and a confirmed one to its receipt', async () => {
    stub.on(
      'POST',
      '/api/get-all-user-transactions',
      listed([
        deposit(3, { status: 'pending', hash: null, receivedAmount: '0.000000' }),
        deposit(2),
        // Expired with nothing paid.
        deposit(1, { status: 'failed', hash: null, receivedAmount: '0.000000', creditedAmount: 0 }),
      ]),
    );
    const { user, router } = renderApp('/transactions', stub);
    expect(within(await row(3)).getByRole('link', { name: 'View deposit' })).toHaveAttribute(
      'href',
      '/topup-balance/3',
    );
    expect(within(await row(2)).getByRole('link', { name: 'View receipt' })).toHaveAttribute(
      'href',
      '/topup-balance/2?view=receipt',
    );
    expect(
      within(await row(1)).queryByRole('link', { name: /^View (deposit|receipt)$/ }),
    ).toBeNull();
    stub.on('POST', '/api/get-transaction', {
      body: {
        success: true,
        message: 'Transaction fetched successfully',
        data: {
          ...deposit(2),
          transfers: [],
          receipt: {
            issuer: ['PromoClicks'],
            payer: { name: 'ava', email: 'ava@example.com', accountId: 7 },
            date: deposit(2).createdAt,
            lines: [],
          },
        },
      },
    });
    await user.click(within(await row(2)).getByRole('link', { name: 'View receipt' }));
    expect(await screen.findByRole('article', { name: 'Deposit receipt' })).toBeVisible();
    expect(router.state.location.href).toBe('/topup-balance/2?view=receipt');
  });

  it('says when a payment waits for its confirmations, arrived late, or came unrequested', async () => {
    stub.on(
      'POST',
      '/api/get-all-user-transactions',
      listed([
        deposit(3, {
          status: 'pending',
          hash: null,
          receivedAmount: '0.000000',
          confirmations: { seen: 4, required: 12 },
        }),
        deposit(2, { late: true }),
        deposit(1, { origin: 'unrequested' }),
      ]),
    );
    renderApp('/transactions', stub);
    expect(within(await row(3)).getByText('4 of 12 confirmations')).toBeVisible();
    expect(within(await row(2)).getByText('Paid late')).toBeVisible();
    expect(within(await row(1)).getByText('Unrequested payment')).toBeVisible();
    expect(within(await row(1)).queryByText('Paid late')).toBeNull();
  });

  it('says what was credited when it differs from the amount asked, and links an underpaid deposit', async () => {
    stub.on(
      'POST',
      '/api/get-all-user-transactions',
      listed([
        // Overpaid: 160.5 USDC for a $150.50 request.
        deposit(6, { receivedAmount: '160.500000', creditedAmount: 160.5 }),
        // ETH paid after its window, counted at the price of its block.
        deposit(5, {
          coinType: 'eth',
          amount: 100,
          ethAmount: '0.050000',
          ethUsdPrice: 2000,
          receivedAmount: '0.050000',
          creditedAmount: 95,
          late: true,
        }),
        // Part paid, still open.
        deposit(4, {
          status: 'pending',
          hash: null,
          receivedAmount: '50.000000',
          creditedAmount: 50,
        }),
        // Underpaid: the window closed with 100 of 150.50 USDC.
        deposit(3, { status: 'failed', receivedAmount: '100.000000', creditedAmount: 100 }),
        deposit(2),
        deposit(1, { status: 'failed', hash: null, receivedAmount: '0.000000', creditedAmount: 0 }),
      ]),
    );
    renderApp('/transactions', stub);
    const amountOf = async (id: number) =>
      within(await row(id)).getByText('Amount').nextElementSibling!.textContent;
    expect(await amountOf(6)).toBe('$150.50Credited $160.50');
    expect(await amountOf(5)).toBe('$100.00Credited $95.00');
    expect(await amountOf(4)).toBe('$150.50Credited $50.00');
    expect(await amountOf(3)).toBe('$150.50Credited $100.00');
    expect(await amountOf(2)).toBe('$150.50');
    expect(await amountOf(1)).toBe('$150.50');

    const underpaid = await row(3);
    expect(within(underpaid).getByText('Underpaid')).toBeVisible();
    expect(within(underpaid).getByRole('link', { name: 'View deposit' })).toHaveAttribute(
      'href',
      '/topup-balance/3',
    );
    // Issue 35 point 10: its $100.00 credited has a receipt too.
    expect(within(underpaid).getByRole('link', { name: 'View receipt' })).toHaveAttribute(
      'href',
      '/topup-balance/3?view=receipt',
    );
    const expired = await row(1);
    expect(within(expired).queryByText('Underpaid')).toBeNull();
    expect(within(expired).queryByRole('link', { name: /^View (deposit|receipt)$/ })).toBeNull();
  });

  it('filters on the server by action', async () => {
    stub.on('POST', '/api/get-all-user-transactions', (request) => {
      const { action } = request.body as { action: string };
      return listed(action === 'failed' ? [deposit(9, { status: 'failed' })] : []);
    });
    const { user } = renderApp('/transactions', stub);
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Failed' }));
    expect(screen.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
    expect(await row(9)).toBeInTheDocument();
    // Issue 17: the filter says "Incomplete", as its rows do; it still asks for "pending".
    expect(screen.queryByRole('button', { name: 'Pending' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Incomplete' }));
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
    const data = Array.from({ length: 75 }, (_, index) => deposit(75 - index));
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

  /** Catches the file Export CSV downloads: its name and its text. */
  function catchDownloads() {
    const blobs: Blob[] = [];
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:transactions';
    });
    const revokeUrl = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const downloads: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push({ href: this.getAttribute('href')!, download: this.download });
    });
    onTestFinished(() => [createUrl, revokeUrl, click].forEach((spy) => spy.mockRestore()));
    return {
      downloads,
      lines: async () => {
        await vi.waitFor(() => expect(downloads).toHaveLength(1));
        return (await blobs[0]!.text()).split('\r\n');
      },
    };
  }

  const HEADER = `ID,Created (${ZONE}),Status,Labels,Amount (USD),Credited (USD),Coin,Coin amount,Received,ETH/USD,Hashes,From,To`;
  const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

  it('exports every row of the current filter, all pages, as transactions-YYYY-MM-DD.csv', async () => {
    const failed = Array.from({ length: 12 }, (_, index) =>
      deposit(12 - index, { status: 'failed' }),
    );
    stub.on('POST', '/api/get-all-user-transactions', (request) => {
      const { action } = request.body as { action: string };
      return listed(action === 'failed' ? failed : [deposit(99)]);
    });
    const file = catchDownloads();
    const { user } = renderApp('/transactions', stub);
    await row(99);
    await user.click(screen.getByRole('button', { name: 'Failed' }));
    await row(12);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const lines = await file.lines();

    const today = new Date();
    const two = (value: number) => String(value).padStart(2, '0');
    expect(file.downloads[0]).toEqual({
      href: 'blob:transactions',
      download: `transactions-${today.getFullYear()}-${two(today.getMonth() + 1)}-${two(today.getDate())}.csv`,
    });
    expect(lines[0]).toBe(HEADER);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(
      failed.map((transaction) => String(transaction.id)),
    );
    // Issue 35: 12:00 UTC is 13:00 in Berlin; no totals row (the screen shows only the count).
    expect(lines).toHaveLength(13);
    expect(lines[1]).toBe(
      `12,2025-03-05 13:00,failed,Underpaid,150.50,150.50,USDC,150.500000,150.500000,,${HASH},${SENDER},${TO}`,
    );
  });

  it("issue 35: the CSV keeps every label a row shows and every payment's hash", async () => {
    const SECOND = `0x${'12'.repeat(32)}`;
    stub.on(
      'POST',
      '/api/get-all-user-transactions',
      listed([
        deposit(4, {
          status: 'pending',
          receivedAmount: '50.000000',
          creditedAmount: 50,
          hashes: [HASH, SECOND],
          confirmations: { seen: 1, required: 3 },
          createdAt: '2025-07-01T22:30:00.000Z',
        }),
        deposit(3, {
          status: 'failed',
          receivedAmount: '100.000000',
          creditedAmount: 100,
          late: true,
          hashes: [HASH, SECOND],
        }),
        deposit(2, { origin: 'unrequested', hash: SECOND }),
        deposit(1, { status: 'failed', hash: null, receivedAmount: '0.000000', creditedAmount: 0 }),
      ]),
    );
    const file = catchDownloads();
    const { user } = renderApp('/transactions', stub);
    const waiting = await row(4);
    expect(within(waiting).getByText('1 of 3 confirmations')).toBeVisible();
    expect(within(await row(3)).getByText('Paid late')).toBeVisible();
    expect(within(await row(3)).getByText('Underpaid')).toBeVisible();
    expect(within(await row(2)).getByText('Unrequested payment')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await file.lines()).toEqual([
      HEADER,
      // Summer time: 22:30 UTC is 00:30 the next day in Berlin.
      `4,2025-07-02 00:30,pending,1 of 3 confirmations,150.50,50.00,USDC,150.500000,50.000000,,${HASH}; ${SECOND},${SENDER},${TO}`,
      `3,2025-03-05 13:00,failed,Paid late; Underpaid,150.50,100.00,USDC,150.500000,100.000000,,${HASH}; ${SECOND},${SENDER},${TO}`,
      `2,2025-03-05 13:00,confirmed,Unrequested payment,150.50,150.50,USDC,150.500000,150.500000,,${SECOND},${SENDER},${TO}`,
      `1,2025-03-05 13:00,failed,,150.50,0.00,USDC,150.500000,0.000000,,,${SENDER},${TO}`,
    ]);
  });

  it('copies the hash and shows the confirmation for 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    stub.on('POST', '/api/get-all-user-transactions', listed([deposit(1)]));
    const { user } = renderApp('/transactions', stub, {
      userEvent: { advanceTimers: (ms) => vi.advanceTimersByTime(ms) },
    });
    const copy = within(await row(1)).getByRole('button', { name: 'Copy hash' });
    const copiedFrom = Date.now();
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe(HASH);
    expect(copy).toHaveTextContent('Copied!');
    const goneAt = await advanceUntil(() => !copy.textContent?.includes('Copied!'));
    expect(goneAt - copiedFrom).toBeGreaterThanOrEqual(2000);
  });

  it('shows the server message or the fallbacks, with Try Again', async () => {
    stub.on('POST', '/api/get-all-user-transactions', {
      status: 500,
      body: { success: false, message: 'Failed to fetch transactions' },
    });
    const { user } = renderApp('/transactions', stub);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch transactions');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    stub.on('POST', '/api/get-all-user-transactions', 'network-failure');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByText('Failed to fetch transactions. Please try again.'),
    ).toBeInTheDocument();
    stub.on('POST', '/api/get-all-user-transactions', listed([deposit(4)]));
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await row(4)).toBeInTheDocument();
  });
});
