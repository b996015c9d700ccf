// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Statement, StatementRow } from '@/shared/contract/statement';
import { browserTimeZone } from '@/lib/time-zone';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

// The CSV writer runs as a classic script in the browser (load-papaparse.ts); here it is imported.
vi.mock('@/lib/load-papaparse', async () => {
  const papaparse = await import('papaparse');
  return { loadUnparse: async () => papaparse.default.unparse };
});

/**
 * Issue 35 point 1: /statement shows the range's opening and closing balances, its money in and out,
 * and every row with what it concerns and the balance after it; Show more asks for the next page with
 * its cursor; the CSV holds every page; a month prints as one document naming the advertiser.
 */

const ZONE = 'UTC';
const HASH = `0x${'ab'.repeat(31)}cdef`;
const none = { campaign: null, deposit: null, note: null };
const campaign = { ...none, campaign: { username: 'ava.rivera', package_name: 'Main Categories' } };

const rows: StatementRow[] = [
  {
    id: 11,
    at: '2026-03-02T09:15:00.000Z',
    kind: 'deposit',
    concerns: { ...none, deposit: { id: 4, coin: 'usdc', tx_hash: HASH } },
    amount: 300,
    balance_after: 350,
  },
  {
    id: 12,
    at: '2026-03-03T18:40:00.000Z',
    kind: 'campaign_funded',
    concerns: campaign,
    amount: -120,
    balance_after: 230,
  },
  {
    id: 13,
    at: '2026-03-04T08:00:00.000Z',
    kind: 'click_credit',
    concerns: { ...campaign, note: 'Bot traffic' },
    amount: 1.2,
    balance_after: 231.2,
  },
];

function page(pageRows: StatementRow[], nextCursor: string | null): Statement & { success: true } {
  return {
    success: true,
    range: {
      from: '2026-03-01',
      to: '2026-03-05',
      time_zone: ZONE,
      utc_offset: '+00:00',
      counted_offset: '+00:00',
      rounded: false,
    },
    opening_balance: 50,
    closing_balance: 231.2,
    totals: {
      money_in: 301.2,
      money_out: -120,
      by_kind: {
        deposit: 300,
        campaign_funded: -120,
        top_up: 0,
        refund: 0,
        click_credit: 1.2,
        operator_credit: 0,
        operator_debit: 0,
      },
      rows: 3,
    },
    rows: pageRows,
    next_cursor: nextCursor,
  };
}

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser({ username: 'nova', email: 'nova@example.com' }));
  localStorage.setItem(
    'stats-range',
    JSON.stringify({ range: 'custom', from: '2026-03-01', to: '2026-03-05' }),
  );
  onTestFinished(() => localStorage.clear());
  stub.on('POST', '/api/account/statement', (request) => {
    const { cursor } = request.body as { cursor?: string };
    return { body: cursor === '12' ? page(rows.slice(2), null) : page(rows.slice(0, 2), '12') };
  });
});

describe('/statement', () => {
  it('shows the balances of the range and each row with the balance after it; Show more pages on', async () => {
    const { user } = renderApp('/statement', stub);
    const list = await screen.findByRole('list', { name: 'Statement rows' });
    const [deposit, funded] = within(list).getAllByRole('listitem');
    expect(deposit).toHaveTextContent(
      'DepositUSDC payment 0xabab...cdefMar 2, 2026, 9:15 AM+$300.00Balance $350.00',
    );
    expect(funded).toHaveTextContent(
      'Campaign funded@ava.rivera · Main CategoriesMar 3, 2026, 6:40 PM-$120.00Balance $230.00',
    );
    const tiles = screen.getByText('Opening balance').closest('dl')!;
    expect(tiles).toHaveTextContent(
      'Opening balance$50.00Money in+$301.20Money out-$120.00Closing balance$231.20',
    );
    expect(screen.getByText('2 of 3 rows')).toBeInTheDocument();
    expect(stub.requestsTo('/api/account/statement').map((r) => r.body)).toEqual([
      { range: 'custom', from: '2026-03-01', to: '2026-03-05', time_zone: browserTimeZone() },
    ]);

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('3 of 3 rows')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent(
      'Invalid-click credit@ava.rivera · Main Categories · Bot trafficMar 4, 2026, 8:00 AM+$1.20Balance $231.20',
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(stub.requestsTo('/api/account/statement').at(-1)?.body).toMatchObject({ cursor: '12' });
  });

  it('exports every page of the range as one CSV with the opening and closing lines', async () => {
    const blobs: Blob[] = [];
    const downloads: string[] = [];
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:statement';
    });
    const revokeUrl = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    onTestFinished(() => [createUrl, revokeUrl, click].forEach((spy) => spy.mockRestore()));
    const { user } = renderApp('/statement', stub);
    await screen.findByRole('list', { name: 'Statement rows' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(downloads).toEqual(['statement-2026-03-01-to-2026-03-05.csv']));
    expect((await blobs[0]!.text()).split('\r\n')).toEqual([
      'Date (UTC),Time,Kind,Campaign,Package,Coin,Transaction hash,Note,Amount (USD),Balance after (USD)',
      '2026-03-01,,Opening balance,,,,,,,50.00',
      `2026-03-02,09:15,Deposit,,,USDC,${HASH},,300.00,350.00`,
      '2026-03-03,18:40,Campaign funded,ava.rivera,Main Categories,,,,-120.00,230.00',
      '2026-03-04,08:00,Invalid-click credit,ava.rivera,Main Categories,,,Bot traffic,1.20,231.20',
      '2026-03-05,,Closing balance,,,,,,181.20,231.20',
    ]);
  });

  it('prints a month as one document naming the advertiser and the period', async () => {
    const { user } = renderApp('/statement', stub);
    await screen.findByRole('list', { name: 'Statement rows' });
    await user.click(screen.getByRole('link', { name: 'Open printable statement' }));
    const month = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
    const document = await screen.findByRole('article', { name: `Statement for ${month}` });
    expect(within(document).getByText('nova, nova@example.com')).toBeInTheDocument();
    const table = within(document).getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'DateDescriptionAmountBalance',
      'Mar 1, 2026Opening balance$50.00',
      'Mar 2, 2026, 9:15 AMDeposit · USDC payment 0xabab...cdef+$300.00$350.00',
      'Mar 3, 2026, 6:40 PMCampaign funded · @ava.rivera · Main Categories-$120.00$230.00',
      'Mar 4, 2026, 8:00 AMInvalid-click credit · @ava.rivera · Main Categories · Bot traffic+$1.20$231.20',
      'Mar 5, 2026Closing balance (in $301.20, out $120.00)+$181.20$231.20',
    ]);
    const today = new Date().toLocaleDateString('en-CA');
    // The month's two pages: from its first day to today.
    expect(stub.requestsTo('/api/account/statement').at(-1)?.body).toEqual({
      cursor: '12',
      range: 'custom',
      from: `${today.slice(0, 7)}-01`,
      to: today,
      time_zone: browserTimeZone(),
    });
  });

  it('says a month that has not begun has no statement yet, and asks the server nothing', async () => {
    renderApp('/statement?month=2999-01', stub);
    expect(await screen.findByRole('heading', { name: 'No such month' })).toBeInTheDocument();
    expect(
      screen.getByText('January 2999 has not begun yet: its statement comes with it.', {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(stub.requestsTo('/api/account/statement')).toEqual([]);
  });

  it('is linked from the sidebar', async () => {
    renderApp('/statement', stub);
    const sidebar = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(sidebar).getByRole('link', { name: 'Statement' })).toHaveAttribute(
      'href',
      '/statement',
    );
  });
});
