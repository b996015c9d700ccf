import * as v from 'valibot';
import { MAX_BALANCE_DEPOSIT_DOLLARS, MIN_BALANCE_DEPOSIT_DOLLARS } from '../constants';
import { formatMoney } from '../money';
import { hasAtMostTwoDecimals } from '../two-decimals';
import { MessageResponse } from './common';
import { endpoint } from './endpoint';

/** Spec §1: ETH, USDC or USDT on the Ethereum network. */
export const COIN_TYPES = ['eth', 'usdc', 'usdt'] as const;
export const CoinType = v.picklist(COIN_TYPES, 'Please choose ETH, USDC or USDT');
export type CoinType = v.InferOutput<typeof CoinType>;

export const TRANSACTION_STATUSES = ['pending', 'confirmed', 'failed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * Spec §3 Transaction (a deposit), plus what the payment page needs (design §2). Dollars for money.
 * - ethAmount: the amount to send in the coin, 6 decimals ("0.033334" ETH, "150.000000" USDC); for a
 *   payment nobody asked for (origin unrequested), the amount that arrived.
 * - amountUnits: the same in the coin's smallest units (wei, or 6-decimal token units), as a string.
 * - to: the advertiser's own deposit address (the same for every deposit of theirs).
 * - paymentUri: an EIP-681 link (QR code / wallet link) that pays that amount to that address.
 * - expiresAt: when the window closes (ETH 15 minutes: the price holds that long; USDC and USDT
 *   STABLECOIN_PAYMENT_WINDOW_HOURS). A detected payment stops the countdown.
 * - receivedAmount: what arrived so far, in the coin, 6 decimals ("0.000000" before anything did).
 * - creditedAmount: the dollars added to the balance from it so far.
 * - confirmations: a payment was seen on chain and waits for its confirmations (seen of required);
 *   null when none waits.
 * - late: paid after its window; counted at the ETH/USD price in force at the payment's block.
 * - origin: 'request' (opened on /topup-balance) or 'unrequested' (a transfer that arrived with no
 *   open request, after Start Over or a closed window: credited, never lost).
 * - confirmedAt: when the request was completed (the receipt's date); null until then.
 * - serverTime: the server's clock when it answered. The page counts the window down on it (issue 31:
 *   a phone's clock may be minutes off), never on the phone's own time.
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
  receivedAmount: v.string(),
  creditedAmount: v.number(),
  confirmations: v.nullable(v.object({ seen: v.number(), required: v.number() })),
  late: v.boolean(),
  origin: v.picklist(['request', 'unrequested']),
  confirmedAt: v.nullable(v.string()),
  serverTime: v.string(),
});
export type Transaction = v.InferOutput<typeof Transaction>;

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
  /**
   * Issue 31: the open request of the coin the person agreed to end (its id), or null when the screen
   * showed none. When the open request is another, the answer is 409 (DEPOSIT_MESSAGES.openChanged)
   * and nothing changes. Omitted (the spec's clients): the open request is ended as before.
   */
  replaces: v.optional(v.nullable(TransactionId('Transaction not found'))),
});
export type TopUpBalanceBody = v.InferInput<typeof TopUpBalanceBody>;

/** 201 answer of top-up-balance-v2: message "Transaction created successfully". */
export const TransactionResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  data: Transaction,
});

/**
 * POST /api/verify-transaction-v2: hurries the watcher (design §2), which finds payments by itself;
 * the sender address is checked for form only. Answers:
 * - 200 "Payment verification successful!" (confirmed and credited, also when asked again);
 * - 400 "Payment not found yet. Please try again in a minute." (nothing on chain yet; the
 *   transaction stays pending);
 * - 400 awaitingConfirmations (seen on chain, waiting for its confirmations);
 * - 400 partPaidMessage (part of the amount arrived and was credited; the request stays open);
 * - 400 "Transaction expired. Please create a new transaction." (the window passed unpaid);
 * - 400 underpaidMessage (the window closed with less than the amount: what arrived was credited);
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

/**
 * A deposit as the list answers it: the Transaction, plus the hash of every payment its page lists
 * (credited to it, or seen on chain and confirming while it is open), oldest first (issue 35: the
 * CSV keeps them all; `hash` stays the first's, as spec §3 has it). A payment with no transaction
 * of its own (ETH a contract sent, found by balance) has no hash to list.
 */
export const ListedTransaction = v.object({
  ...Transaction.entries,
  // A list the worker kept offline before this field came has none: read as no hashes.
  hashes: v.optional(v.array(v.string()), []),
});
export type ListedTransaction = v.InferOutput<typeof ListedTransaction>;

export const TransactionsResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  data: v.array(ListedTransaction),
});

/**
 * One on-chain payment counted for a deposit: its hash (null for ETH a contract sent, found by
 * reconciling the address's balance: an internal transfer has no transaction of its own), the amount
 * in the coin (6 decimals), the dollars it credited (null until confirmed), the ETH/USD price it was
 * counted at (ETH only), its confirmations so far and the time of its block.
 */
export const DepositTransfer = v.object({
  hash: v.nullable(v.string()),
  amount: v.string(),
  creditedAmount: v.nullable(v.number()),
  ethUsdPrice: v.nullable(v.number()),
  confirmations: v.number(),
  blockTime: v.string(),
});
export type DepositTransfer = v.InferOutput<typeof DepositTransfer>;

/**
 * Why a receipt line counted at its price (issue 35 point 10): inside the window up to the amount
 * requested, at the request's locked price; beyond that amount, after the window, or with no request,
 * at the price in force at its block (ETH; a stablecoin is $1.00 either way).
 */
export const RECEIPT_LINE_BASES = ['requested', 'over', 'late', 'unrequested'] as const;

/**
 * One line of a receipt: a payment credited, or the part of one counted at one price. `amount` in the
 * coin (6 decimals), `price` the dollars one coin counted for, `creditedAmount` the dollars it added;
 * the lines' credits add up to the deposit's `creditedAmount`, their amounts to its `receivedAmount`.
 */
export const ReceiptLine = v.object({
  hash: v.nullable(v.string()),
  blockTime: v.string(),
  basis: v.picklist(RECEIPT_LINE_BASES),
  amount: v.string(),
  price: v.number(),
  creditedAmount: v.number(),
});
export type ReceiptLine = v.InferOutput<typeof ReceiptLine>;

/**
 * A deposit's receipt, once any of it was credited (confirmed, underpaid, paid late or in part):
 * who issues it (RECEIPT_ISSUER: a name, then address lines), who paid (the account's name, e-mail
 * and id), its date (when it was confirmed, else its latest credit) and its lines.
 */
export const Receipt = v.object({
  issuer: v.array(v.string()),
  payer: v.object({ name: v.string(), email: v.string(), accountId: v.number() }),
  date: v.string(),
  lines: v.array(ReceiptLine),
});
export type Receipt = v.InferOutput<typeof Receipt>;

/**
 * One deposit with the payments counted for it (its page, /topup-balance/{id}) and its receipt (null
 * until a payment to it is credited).
 */
export const TransactionDetail = v.object({
  ...Transaction.entries,
  transfers: v.array(DepositTransfer),
  receipt: v.nullable(Receipt),
});
export type TransactionDetail = v.InferOutput<typeof TransactionDetail>;

/** POST /api/get-transaction: one of the caller's deposits (404 "Transaction not found" else). */
export const GetTransactionBody = v.object({
  transaction_id: TransactionId('Transaction not found'),
});

export const TransactionDetailResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  data: TransactionDetail,
});

/** The coin's symbol as shown ("ETH", "USDC"). */
export const coinSymbol = (coin: CoinType) => coin.toUpperCase();

/** Part of a request arrived and was credited; it stays open for the rest. */
export function partPaidMessage(deposit: Transaction): string {
  const coin = coinSymbol(deposit.coinType);
  return (
    `${deposit.receivedAmount} ${coin} of ${deposit.ethAmount} ${coin} has arrived so far and ` +
    `${formatMoney(deposit.creditedAmount)} was added to your balance. Send the rest to the same ` +
    'address before the deposit closes, or start a new deposit.'
  );
}

/**
 * Spec: "Underpaying a transfer fails and is non-refundable"; what arrived is credited. Issue 33: parts
 * that arrive after the close count toward it (`late`), and one that completes it confirms it late.
 */
export function underpaidMessage(deposit: Transaction): string {
  const coin = coinSymbol(deposit.coinType);
  return (
    `Payment verification failed: only ${deposit.receivedAmount} ${coin} of ${deposit.ethAmount} ` +
    `${coin} arrived ${deposit.late ? 'so far, part of it after the deposit closed' : 'before the deposit closed'}. ` +
    `The ${formatMoney(deposit.creditedAmount)} it was worth was added to your balance (no crypto is ` +
    'sent back). Start a new deposit for the rest.'
  );
}

export const DEPOSIT_MESSAGES = {
  created: 'Transaction created successfully',
  verified: 'Payment verification successful!',
  notFoundYet: 'Payment not found yet. Please try again in a minute.',
  expired: 'Transaction expired. Please create a new transaction.',
  notFound: 'Transaction not found',
  notPending: 'Only a pending transaction can be deleted',
  deleted: 'Transaction deleted successfully',
  listed: 'Transactions fetched successfully',
  fetched: 'Transaction fetched successfully',
  /** Delete (Start Over) of a request part of whose amount was credited (issue 33 point 7). */
  paymentCredited:
    'Part of this deposit has arrived and was added to your balance, so it cannot be deleted. Send the rest to the same address, or start a new deposit.',
  /** Delete (Start Over) of a request with a payment on chain: it is credited, never deleted. */
  paymentArrived:
    'A payment to this deposit has arrived, so it cannot be deleted. It is added to your balance once confirmed.',
  /**
   * Delete (Start Over) of a request whose window ended, before the watcher has looked at the chain
   * since (issue 33 point 4): a payment made in time may still be found.
   */
  checkingPayment:
    'The time to pay is over and we are checking for your payment, so this deposit cannot be deleted yet. A payment that arrived is added to your balance. Please try again in a minute.',
  /**
   * A new request that would end the open one of the coin whose window ended, before the watcher has
   * looked at the chain since (issue 33 point 4).
   */
  olderBeingChecked:
    'The time to pay your open deposit in this coin is over and we are checking for its payment, so a new one cannot start yet. A payment that arrived is added to your balance. Please try again in a minute.',
  /** Verify of a request whose payment is on chain but not confirmed yet. */
  awaitingConfirmations:
    'Payment detected. It is added to your balance automatically once it has enough confirmations.',
  /** A new request while the older one of the coin has a payment still being confirmed. */
  olderBeingConfirmed:
    'A payment to your open deposit in this coin is still being confirmed. Please wait until it is credited, then start a new one.',
  /** 409: a new request names an open request of the coin (or none) that is not the open one now. */
  openChanged:
    'Your open deposit in this coin changed in the meantime. Please look at it again before starting a new one.',
} as const;

/** A pending deposit request for the plain amount, paid to the advertiser's own address (spec §7), 201. */
export const topUpBalance = endpoint({
  method: 'POST',
  path: 'top-up-balance-v2',
  body: TopUpBalanceBody,
  response: TransactionResponse,
  access: 'write',
});

/** Hurries the chain watcher and answers with the deposit's state (the address is checked for form only). */
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

/** One deposit and its payments; the payment page polls it while the deposit is open. */
export const getTransaction = endpoint({
  method: 'POST',
  path: 'get-transaction',
  body: GetTransactionBody,
  response: TransactionDetailResponse,
  access: 'read',
  offline: true,
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
