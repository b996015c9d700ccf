import type { FastifyBaseLogger } from 'fastify';
import type { Address } from 'viem';
import type { CoinType } from '../../../shared/contract/deposits';
import type { Db } from '../../db/db';
import type { Chain } from './chain';
import { creditTransfer, type CreditSettings } from './deposit-credits';
import { isSweepGas } from './deposit-watcher-scan';

/**
 * Credits every detected transfer with enough confirmations at `head` (its own block counts as one),
 * each once ever (deposit-credits.ts); answers the coins credited to advertisers (gas for sweeping
 * is credited to no one). A transfer whose credit fails (a price the node cannot give now, say)
 * waits for the next pass.
 */
export async function creditConfirmed(
  db: Db,
  chain: Pick<Chain, 'confirmations'>,
  settings: CreditSettings,
  head: bigint,
  log: FastifyBaseLogger,
): Promise<CoinType[]> {
  const confirmedUpTo = head - BigInt(chain.confirmations) + 1n;
  const due = await db.read.query<{ id: number; coin_type: CoinType; from_address: string }>(
    `SELECT id, coin_type, from_address FROM chain_transfers
      WHERE state = 'detected' AND block_number <= $1 ORDER BY id`,
    [confirmedUpTo.toString()],
  );
  const credited: CoinType[] = [];
  for (const { id, coin_type: coin, from_address: from } of due) {
    try {
      const done = await creditTransfer(db, settings, Number(id));
      if (done && !isSweepGas({ coin, from: from as Address }, settings.sweepFunders)) {
        credited.push(coin);
      }
    } catch (error) {
      log.warn({ err: error, transfer: Number(id) }, 'deposit watcher: credit failed, will retry');
    }
  }
  return credited;
}
