import { coinOf, COINS } from '../../shared/coins';
import { coinSymbol, type CoinType } from '../../shared/contract/deposits';
import { formatCents } from '../../shared/money';
import type { Db, Tx } from '../db/db';
import {
  ETH_LOG_INDEX,
  TRACE_LOG_INDEX,
  type Chain,
  type ChainTransfer,
} from '../domain/deposits/chain';
import { depositAddressesAfter } from '../domain/deposits/deposit-addresses';
import { creditTransfer } from '../domain/deposits/deposit-credits';
import { formatCoinUnits, INTERNAL_LOG_INDEX } from '../domain/deposits/deposit-views';
import { isSweepGas, recordOutflow, recordTransfer } from '../domain/deposits/deposit-watcher';
import { finishAction, OperatorError, plural, startAction } from './actions';

/** Blocks scanned per step, as the watcher scans them (deposit-watcher.ts). */
const BLOCKS_PER_STEP = 50n;
/** A range longer than this is refused: mainnet's whole history by a typo would take days. */
export const MAX_RESCAN_BLOCKS = 100_000n;

export interface RescanInput {
  from: bigint;
  to: bigint;
  reason: string;
}

export interface RescanSettings {
  /** Lower-case SWEEP_FUNDER_ADDRESSES: their ETH is gas for sweeping, never credited. */
  sweepFunders: string[];
}

/** What became of one transfer to a deposit address that the rescan found. */
export type RescanOutcome =
  | { state: 'credited now'; cents: number }
  | { state: 'credited before' }
  | { state: 'waiting for confirmations'; seen: number; required: number }
  | { state: 'sweep gas, not credited' }
  | { state: 'credit failed'; message: string }
  /** ETH that balance reconciliation may have counted already (see `rescanDeposits`). */
  | { state: 'not recorded'; reconciledTransfer: number; reconciledBlock: number };

export interface RescannedTransfer {
  transferId: number | undefined;
  email: string;
  coin: CoinType;
  units: bigint;
  blockNumber: bigint;
  txHash: string;
  logIndex: number;
  outcome: RescanOutcome;
}

export interface RescanResult {
  actionId: number;
  transfers: RescannedTransfer[];
  creditedCents: number;
  summary: string;
}

/**
 * rescan: scans blocks `from` to `to` again for transfers to the deposit addresses, as the watcher
 * does (deposit-watcher.ts), records those it has no record of (and the sweeps' ETH, for the balance
 * check), and credits every one with enough confirmations that is not credited yet. A transfer is
 * credited once however often it is scanned (chain_transfers is unique on chain, hash and log index,
 * and creditTransfer credits only a detected row, under its lock), also while servers run their
 * watcher. The watcher's cursor is left alone, and nothing is marked removed: a rescan only adds.
 *
 * One case is left to the operator: plain ETH the watcher never recorded, to an address whose
 * balance reconciliation has since recorded ETH it could not explain (at that block or later). That
 * may be this very ETH, credited already as found by balance: it is reported, not recorded.
 *
 * The action is recorded when the scan starts and its summary when it ends (or fails): the scan
 * spans many transactions, each step's records in one.
 */
export async function rescanDeposits(
  db: Db,
  chain: Chain,
  settings: RescanSettings,
  input: RescanInput,
): Promise<RescanResult> {
  const [chainId, head] = await Promise.all([chain.chainId(), chain.headBlock()]);
  if (input.from > input.to) {
    throw new OperatorError(`--from (${input.from}) is after --to (${input.to}).`);
  }
  if (input.to - input.from + 1n > MAX_RESCAN_BLOCKS) {
    throw new OperatorError(
      `At most ${MAX_RESCAN_BLOCKS} blocks at once (asked for ${input.to - input.from + 1n}): split the range.`,
    );
  }
  if (input.to > head) {
    throw new OperatorError(`--to (${input.to}) is past the chain's newest block, ${head}.`);
  }
  const action = await db.transaction((tx) =>
    startAction(tx, {
      command: 'rescan',
      arguments: { from: input.from.toString(), to: input.to.toString(), chainId },
      reason: input.reason,
    }),
  );
  try {
    const result = await scanAndCredit(db, chain, settings, input, { chainId, head });
    const summary = summarize(input, result) + ` (action ${action.id}).`;
    await finishAction(db, action.id, summary);
    return { actionId: action.id, ...result, summary };
  } catch (error) {
    await finishAction(db, action.id, `Failed: ${(error as Error).message}`).catch(() => undefined);
    throw error;
  }
}

async function scanAndCredit(
  db: Db,
  chain: Chain,
  settings: RescanSettings,
  input: RescanInput,
  { chainId, head }: { chainId: number; head: bigint },
): Promise<{ transfers: RescannedTransfer[]; creditedCents: number }> {
  const addresses = new Map(
    (await depositAddressesAfter(db.read, -1)).map((row) => [row.address, row.userId]),
  );
  const emails = await emailsOf(db, [...new Set(addresses.values())]);
  const sweepFunders = new Set(settings.sweepFunders);
  const found: { transfer: ChainTransfer; skipped?: RescanOutcome }[] = [];
  for (let from = input.from; from <= input.to; from += BLOCKS_PER_STEP) {
    const last = from + BLOCKS_PER_STEP - 1n;
    const to = last < input.to ? last : input.to;
    const scan = await chain.scan(from, to, (address) => addresses.has(address));
    await db.transaction(async (tx) => {
      for (const transfer of scan.transfers) {
        const skipped = await countedByBalance(tx, chainId, transfer);
        found.push({ transfer, skipped });
        if (skipped) continue;
        const gas = isSweepGas(transfer, sweepFunders);
        const userId = addresses.get(transfer.to.toLowerCase());
        await recordTransfer(tx, chainId, userId, transfer, gas);
      }
      for (const outflow of scan.outflows) await recordOutflow(tx, chainId, outflow);
    });
  }

  const credit = {
    sweepFunders,
    ethUsdPriceAt: (time: Date) => chain.ethUsdPriceAt(time),
  };
  // The transfer's own block counts as one confirmation (deposit-watcher.ts).
  const confirmedUpTo = head - BigInt(chain.confirmations) + 1n;
  const transfers: RescannedTransfer[] = [];
  let creditedCents = 0;
  for (const { transfer, skipped } of found) {
    const shown = {
      email: emails.get(addresses.get(transfer.to.toLowerCase())!) ?? '',
      coin: transfer.coin,
      units: transfer.units,
      blockNumber: transfer.blockNumber,
      txHash: transfer.txHash,
      logIndex: transfer.logIndex,
    };
    if (skipped) {
      transfers.push({ transferId: undefined, ...shown, outcome: skipped });
      continue;
    }
    const row = await transferRow(db, chainId, transfer);
    let outcome: RescanOutcome;
    if (row.state === 'credited') outcome = { state: 'credited before' };
    else if (row.state === 'ignored') outcome = { state: 'sweep gas, not credited' };
    else if (transfer.blockNumber > confirmedUpTo) {
      outcome = {
        state: 'waiting for confirmations',
        seen: Number(head - transfer.blockNumber + 1n),
        required: chain.confirmations,
      };
    } else {
      outcome = await creditNow(db, credit, chainId, transfer, row.id);
      if (outcome.state === 'credited now') creditedCents += outcome.cents;
    }
    transfers.push({ transferId: row.id, ...shown, outcome });
  }
  return { transfers, creditedCents };
}

/** Credits one detected transfer; answers what became of it (another process may have been first). */
async function creditNow(
  db: Db,
  credit: Parameters<typeof creditTransfer>[1],
  chainId: number,
  transfer: ChainTransfer,
  id: number,
): Promise<RescanOutcome> {
  try {
    const mine = await creditTransfer(db, credit, id);
    const row = await transferRow(db, chainId, transfer);
    if (!mine || row.state !== 'credited') return { state: 'credited before' };
    return { state: 'credited now', cents: Number(row.credited_cents) };
  } catch (error) {
    // A price the node cannot give now, say: the watcher tries again at its next pass.
    return { state: 'credit failed', message: (error as Error).message };
  }
}

/**
 * Plain or traced ETH not on record, to an address where a balance check recorded ETH it could not
 * explain, at the transfer's block or later: that ETH may be this transfer, credited already.
 */
async function countedByBalance(
  tx: Tx,
  chainId: number,
  transfer: ChainTransfer,
): Promise<RescanOutcome | undefined> {
  if (transfer.logIndex !== ETH_LOG_INDEX && transfer.logIndex !== TRACE_LOG_INDEX)
    return undefined;
  const [known] = await tx.query(
    `SELECT 1 FROM chain_transfers
      WHERE chain_id = $1 AND tx_hash = $2 AND log_index = $3 AND trace_address = $4`,
    [chainId, transfer.txHash, transfer.logIndex, transfer.traceAddress],
  );
  if (known) return undefined;
  const [reconciled] = await tx.query<{ id: number; block_number: number }>(
    `SELECT id, block_number FROM chain_transfers
      WHERE chain_id = $1 AND log_index = $2 AND lower(to_address) = lower($3)
        AND block_number >= $4 AND state <> 'removed'
      ORDER BY block_number LIMIT 1`,
    [chainId, INTERNAL_LOG_INDEX, transfer.to, transfer.blockNumber.toString()],
  );
  if (!reconciled) return undefined;
  return {
    state: 'not recorded',
    reconciledTransfer: Number(reconciled.id),
    reconciledBlock: Number(reconciled.block_number),
  };
}

async function transferRow(
  db: Db,
  chainId: number,
  transfer: ChainTransfer,
): Promise<{ id: number; state: string; credited_cents: number | null }> {
  const [row] = await db.read.query<{ id: number; state: string; credited_cents: number | null }>(
    `SELECT id, state, credited_cents FROM chain_transfers
      WHERE chain_id = $1 AND tx_hash = $2 AND log_index = $3 AND trace_address = $4`,
    [chainId, transfer.txHash, transfer.logIndex, transfer.traceAddress],
  );
  return { ...row!, id: Number(row!.id) };
}

async function emailsOf(db: Db, userIds: number[]): Promise<Map<number, string>> {
  const rows = await db.read.query<{ id: number; email: string }>(
    'SELECT id, email FROM users WHERE id = ANY($1::bigint[])',
    [userIds],
  );
  return new Map(rows.map((row) => [Number(row.id), row.email]));
}

/** One line per transfer found, as the command prints them. */
export function describeTransfer(transfer: RescannedTransfer): string {
  const where = `block ${transfer.blockNumber}, tx ${transfer.txHash}${transfer.logIndex >= 0 ? ` log ${transfer.logIndex}` : ''}`;
  const what = `${formatCoinUnits(coinOf(COINS, transfer.coin), transfer.units)} ${coinSymbol(transfer.coin)} to ${transfer.email} (${where})`;
  const outcome = transfer.outcome;
  switch (outcome.state) {
    case 'credited now':
      return `${what}: credited now, ${formatCents(outcome.cents)}`;
    case 'waiting for confirmations':
      return `${what}: waiting for confirmations (${outcome.seen} of ${outcome.required}); the watcher credits it`;
    case 'credit failed':
      return `${what}: credit failed (${outcome.message}); the watcher tries again`;
    case 'not recorded':
      return (
        `${what}: not recorded; balance reconciliation found ETH at this address in block ` +
        `${outcome.reconciledBlock} (transfer ${outcome.reconciledTransfer}) that may be this one, credited already. Check by hand.`
      );
    default:
      return `${what}: ${outcome.state}`;
  }
}

function summarize(
  input: RescanInput,
  result: { transfers: RescannedTransfer[]; creditedCents: number },
): string {
  const count = (state: RescanOutcome['state']) =>
    result.transfers.filter((transfer) => transfer.outcome.state === state).length;
  const parts = [
    `credited ${plural(count('credited now'), 'transfer')} now (${formatCents(result.creditedCents)})`,
    `${count('credited before')} credited before`,
    ...(
      [
        'waiting for confirmations',
        'sweep gas, not credited',
        'credit failed',
        'not recorded',
      ] as const
    )
      .filter((state) => count(state) > 0)
      .map((state) => `${count(state)} ${state}`),
  ];
  return (
    `Rescanned blocks ${input.from} to ${input.to}: ` +
    `${plural(result.transfers.length, 'transfer')} to deposit addresses; ${parts.join(', ')}`
  );
}
