import type { Campaign } from '@/shared/contract/campaigns';
import type { ListedTransaction, Transaction, TransactionDetail } from '@/shared/contract/deposits';

/** A campaign as the server lists it (spec §3), active on Site-Wide unless overridden. */
export function makeCampaign(
  id: number,
  username: string,
  overrides: Partial<Campaign> = {},
): Campaign {
  return {
    id,
    status: true,
    profile_id: username,
    Profile: {
      username,
      ProfileDatum: { full_name: `Full ${username}`, avatar: `/avatars/${username}.svg` },
    },
    package_id: 2,
    package_name: 'Site-Wide',
    categories: ['All'],
    clicks_purchased: 100,
    clicks_count: 40,
    remaining_clicks: 60,
    amount_deposit: 60,
    amount_remaining: 36,
    amount_refunded: 0,
    click_rate: 0.6,
    start_date: '2025-03-05T12:00:00.000Z',
    end_date: null,
    daily_budget: null,
    ends_on: null,
    createdAt: '2025-03-05T12:00:00.000Z',
    updatedAt: '2025-03-06T12:00:00.000Z',
    ...overrides,
  };
}

export const DEPOSIT_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDC_TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

/**
 * A deposit as the server answers it (spec §3 Transaction): a $150 USDC request made at 2025-03-05
 * 12:00 UTC, waiting for its payment unless overridden, with 24 hours still to pay from now.
 */
function transactionOf(overrides: Partial<Transaction>): Transaction {
  return {
    id: 41,
    hash: null,
    status: 'pending',
    amount: 150,
    coinType: 'usdc',
    ethAmount: '150.000000',
    amountUnits: '150000000',
    ethUsdPrice: null,
    from: null,
    to: DEPOSIT_ADDRESS,
    paymentUri: `ethereum:${USDC_TOKEN}@1/transfer?address=${DEPOSIT_ADDRESS}&uint256=150000000`,
    createdAt: '2025-03-05T12:00:00.000Z',
    expiresAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
    receivedAmount: '0.000000',
    creditedAmount: 0,
    confirmations: null,
    late: false,
    origin: 'request',
    confirmedAt: null,
    // The server's clock as it answered: the phone's own unless a test moves one of them.
    serverTime: new Date().toISOString(),
    ...overrides,
  };
}

/**
 * A deposit as the server lists it (spec §3 Transaction), with its payments' hashes (issue 35): the
 * one paid, unless a test lists several.
 */
export function makeTransaction(overrides: Partial<ListedTransaction> = {}): ListedTransaction {
  const transaction = transactionOf(overrides);
  const hashes = overrides.hashes ?? (transaction.hash === null ? [] : [transaction.hash]);
  return { ...transaction, hashes };
}

/** The same deposit as get-transaction answers it, with the payments counted for it. */
export function makeDepositDetail(overrides: Partial<TransactionDetail> = {}): TransactionDetail {
  return { ...transactionOf(overrides), transfers: [], receipt: null, ...overrides };
}
