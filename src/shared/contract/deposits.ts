import * as v from 'valibot';
import { MAX_BALANCE_DEPOSIT_DOLLARS, MIN_BALANCE_DEPOSIT_DOLLARS } from '../constants';
import { hasAtMostTwoDecimals } from '../money';
import { MessageResponse } from './common';
import { endpoint } from './endpoint';

/** Spec §1: ETH, USDC or USDT on the Ethereum network. */
export const COIN_TYPES = ['eth', 'usdc', 'usdt'] as const;
export const CoinType = v.picklist(COIN_TYPES, 'Please choose ETH, USDC or USDT');
export type CoinType = v.InferOutput<typeof CoinType>;

export const TRANSACTION_STATUSES = ['pending', 'confirmed', 'failed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * Spec §3 Transaction (a deposit), plus what the payment panel needs (design §2). Dollars for money.
 * - ethAmount: the exact amount to send in the coin, 6 decimals ("0.033334" ETH, "150.000001" USDC).
 * - amountUnits: the same in the coin's smallest units (wei, or 6-decimal token units), as a string.
 * - paymentUri: an EIP-681 link (QR code / wallet link) that pays exactly that amount.
 * - expiresAt: ETH only, 15 minutes after creation (the price holds that long); null for stablecoins.
 */
export const Transaction = v.object({
  id: v.number(),
  hash: v.nullable(v.string()),
  status: v.picklist(TRANSACTION_STATUSES),
  amount: v.number(),
  coinType: CoinType,
  ethAmount: v.string(),
  amountUnits: v.string(),
  ethUsdPrice: v.nullable(v.number()),
  from: v.nullable(v.string()),
  to: v.string(),
  paymentUri: v.string(),
  createdAt: v.string(),
  expiresAt: v.nullable(v.string()),
});
export type Transaction = v.InferOutput<typeof Transaction>;

const amountMessage = 'Please enter a valid amount';

/** POST /api/top-up-balance-v2 (spec §6 "Balance deposit" messages). */
export const TopUpBalanceBody = v.object({
  amount: v.pipe(
    v.number(amountMessage),
    v.finite(amountMessage),
    v.check(hasAtMostTwoDecimals, 'Amounts can have at most 2 decimals'),
    v.minValue(MIN_BALANCE_DEPOSIT_DOLLARS, 'Minimum deposit amount is $100'),
    v.maxValue(MAX_BALANCE_DEPOSIT_DOLLARS, 'Maximum deposit amount is $10,000'),
  ),
  // Spec §3: coinType defaults to eth.
  coinType: v.optional(CoinType, 'eth'),
});
export type TopUpBalanceBody = v.InferInput<typeof TopUpBalanceBody>;

/** 201 answer of top-up-balance-v2: message "Transaction created successfully". */
export const TransactionResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  data: Transaction,
});

/** A transaction id, as a number or a string of digits. */
// A schema maker: the bundler may drop its unused schemas (src/build/client-endpoints.ts).
// @__NO_SIDE_EFFECTS__
const TransactionId = (message: string) =>
  v.pipe(
    v.union(
      [v.number(message), v.pipe(v.string(message), v.regex(/^\d{1,15}$/, message))],
      message,
    ),
    v.transform(Number),
    v.integer(message),
    v.minValue(1, message),
    v.maxValue(Number.MAX_SAFE_INTEGER, message),
  );

/**
 * POST /api/verify-transaction-v2. Answers:
 * - 200 "Payment verification successful!" (confirmed and credited, also when asked again);
 * - 400 "Payment not found yet. Please try again in a minute." (nothing confirmed on chain yet; the
 *   transaction stays pending);
 * - 400 "Transaction expired. Please create a new transaction." (ETH: the 15 minutes passed unpaid);
 * - 400 a message saying the payment failed and is non-refundable (underpaid; status failed);
 * - 404 "Transaction not found" (unknown or someone else's);
 * - 503 when the chain cannot be reached.
 */
export const VerifyTransactionBody = v.object({
  address: v.pipe(
    v.string('Please enter the address you paid from'),
    v.trim(),
    v.nonEmpty('Please enter the address you paid from'),
    v.regex(
      /^0x[0-9a-fA-F]{40}$/,
      'Please enter a valid Ethereum address (0x followed by 40 hex characters)',
    ),
  ),
  crmTransactionId: TransactionId('Transaction not found'),
});
export type VerifyTransactionBody = v.InferInput<typeof VerifyTransactionBody>;

/** POST /api/delete-transaction: only the caller's own pending transaction. */
export const DeleteTransactionBody = v.object({
  transaction_id: TransactionId('Transaction not found'),
});

/** POST /api/get-all-user-transactions: newest first. */
export const TransactionsFilterBody = v.object({
  action: v.optional(
    v.picklist(['all', ...TRANSACTION_STATUSES], 'Please choose all, confirmed, pending or failed'),
    'all',
  ),
});
export type TransactionsFilter = v.InferOutput<typeof TransactionsFilterBody>['action'];

export const TransactionsResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  data: v.array(Transaction),
});

export const DEPOSIT_MESSAGES = {
  created: 'Transaction created successfully',
  verified: 'Payment verification successful!',
  notFoundYet: 'Payment not found yet. Please try again in a minute.',
  expired: 'Transaction expired. Please create a new transaction.',
  underpaid:
    'Payment verification failed: less than the amount due arrived. Underpaid transfers are non-refundable.',
  notFound: 'Transaction not found',
  notPending: 'Only a pending transaction can be deleted',
  deleted: 'Transaction deleted successfully',
  listed: 'Transactions fetched successfully',
} as const;

/** A pending deposit with the exact amount to send (spec §7), 201. */
export const topUpBalance = endpoint({
  method: 'POST',
  path: 'top-up-balance-v2',
  body: TopUpBalanceBody,
  response: TransactionResponse,
  access: 'write',
});

/** Looks on chain for the payment from `address`; credits it once found. */
export const verifyTransaction = endpoint({
  method: 'POST',
  path: 'verify-transaction-v2',
  body: VerifyTransactionBody,
  response: TransactionResponse,
  access: 'write',
});

/** Removes the caller's own pending deposit. */
export const deleteTransaction = endpoint({
  method: 'POST',
  path: 'delete-transaction',
  body: DeleteTransactionBody,
  response: MessageResponse,
  access: 'write',
});

/** Newest first, filtered on the server by status. */
export const getAllUserTransactions = endpoint({
  method: 'POST',
  path: 'get-all-user-transactions',
  body: TransactionsFilterBody,
  response: TransactionsResponse,
  access: 'read',
  offline: true,
});
