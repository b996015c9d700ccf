import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/db';
import { findStuck } from '@/server/operator/stuck';
import { campaign as newCampaign, profile } from '../../helpers/factories';
import { useTestDatabase } from '../../helpers/fixtures';
import { databaseKinds } from '../../helpers/server';
import { advertiser, operatorActions } from './support';

/**
 * Issue 20, point 5: `stuck` lists the deposits and campaigns that look stuck (what the servers'
 * watcher and jobs should have done 30 minutes ago and did not), and changes nothing.
 */

const LONG_AGO = '2020-01-01T00:00:00Z';
/** When the watcher's last complete pass began, and a window that ended after it. */
const CHECKED_AT = '2020-01-15T00:00:00Z';
const AFTER_CHECK = '2020-02-01T00:00:00Z';
const WALLET = '0x00000000000000000000000000000000000000aa';

describe.each(databaseKinds())('stuck on %s', (kind) => {
  const t = useTestDatabase(kind);
  let db: Db;

  beforeAll(() => {
    db = t.db;
  });

  /** A pending request of `coin` whose window closed at `expiresAt` (SQL). */
  async function pendingRequest(userId: number, coin: string, expiresAt: string): Promise<number> {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO deposits (user_id, coin_type, amount_cents, expected_units, chain_id, wallet_address,
          from_block, created_at, expires_at)
        VALUES ($1, $2, 10000, 100000000, 31337, $3, 50, ${expiresAt}, ${expiresAt})
        RETURNING id`,
      [userId, coin, WALLET],
    );
    return Number(row!.id);
  }

  /** A transfer detected (not credited) in block 100, detected at `detectedAt` (SQL). */
  async function detectedTransfer(userId: number, hash: string, detectedAt: string) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO chain_transfers (chain_id, tx_hash, log_index, user_id, coin_type, from_address,
          to_address, units, block_number, block_hash, block_time, state, created_at)
        VALUES (31337, $1, 0, $2, 'usdc', $3, $3, 150000000, 100, '0xb', now(), 'detected', ${detectedAt})
        RETURNING id`,
      [hash, userId, WALLET],
    );
    return Number(row!.id);
  }

  /** A $100 campaign at $0.80 (125 clicks) on a new profile. */
  async function campaign(userId: number, username: string): Promise<number> {
    const row = await newCampaign(db, userId, { username: await profile(db, username) });
    return Number(row.id);
  }

  it('lists only what looks stuck, with what did not happen, and changes nothing', async () => {
    expect(await findStuck(db.read, { confirmations: 1 })).toEqual([]);
    const ava = await advertiser(db, 'ava', 0);
    const ben = await advertiser(db, 'ben', 0);
    const cleo = await advertiser(db, 'cleo', 50_000);
    await db.query(
      `INSERT INTO chain_watcher (id, chain_id, next_block, head_block, updated_at, checked_at)
        VALUES (1, 31337, 101, 100, '${LONG_AGO}', '${CHECKED_AT}')`,
    );
    const stale = await detectedTransfer(ava.id, '0x01', `'${LONG_AGO}'`);
    await detectedTransfer(ava.id, '0x02', 'now()');
    // Ava's request has a payment confirming: kept open, never expired.
    await pendingRequest(ava.id, 'usdc', `'${LONG_AGO}'`);
    const abandoned = await pendingRequest(ben.id, 'usdt', `'${LONG_AGO}'`);
    // Its window ended after the watcher's last complete pass began: kept open (issue 33 point 4).
    const unchecked = await pendingRequest(cleo.id, 'usdc', `'${AFTER_CHECK}'`);
    // ETH: 5 minutes' grace, then the job's turn; 20 minutes after the window is not stuck yet.
    await pendingRequest(ben.id, 'eth', "now() - interval '20 minutes'");

    const outOfClicks = await campaign(cleo.id, `used_up_${kind}`);
    await db.query(
      `UPDATE campaigns SET remaining_clicks = 0, clicks_count = 125, billed_cents = 10000,
          amount_remaining_cents = 0, updated_at = '${LONG_AGO}'
        WHERE id = $1`,
      [outOfClicks],
    );
    const unlisted = await campaign(cleo.id, `gone_${kind}`);
    await db.query('UPDATE profiles SET listed = false WHERE username = $1', [`gone_${kind}`]);
    const idle = await campaign(cleo.id, `quiet_${kind}`);
    const onceBilled = await campaign(cleo.id, `once_${kind}`);
    await db.query(`UPDATE campaigns SET start_date = '${LONG_AGO}' WHERE id = ANY($1::bigint[])`, [
      [idle, onceBilled],
    ]);
    await db.query(
      `INSERT INTO click_hours (campaign_id, period_start, hour, profile_key, user_id, billed, billed_cents)
        VALUES ($1, '${LONG_AGO}', '2020-01-05T00:00:00Z', $2, $3, 1, 80)`,
      [onceBilled, `once_${kind}`, cleo.id],
    );
    // Started now: no clicks yet is no sign of anything.
    await campaign(cleo.id, `fresh_${kind}`);

    const actions = await operatorActions(db);
    const lines = (await findStuck(db.read, { confirmations: 1 })).map((item) => item.line);
    expect(lines).toEqual([
      `transfer ${stale}: 150.000000 USDC to ${ava.email} in block 100 (tx 0x01), detected 2020-01-01T00:00:00Z and not credited; it has its 1 confirmation, so crediting fails: see the server log ("deposit watcher: credit failed")`,
      `deposit ${abandoned}: $100.00 in USDT by ${ben.email}, pending though its window closed 2020-01-01T00:00:00Z: the expiry job has not closed it (do the servers run their jobs?)`,
      `deposit ${unchecked}: $100.00 in USDC by ${cleo.email}, pending though its window closed 2020-02-01T00:00:00Z: no pass of the chain watcher has checked for its payment since, so it is kept open (is RPC_URL answering?)`,
      'chain watcher: last scanned up to block 100 (head 100) at 2020-01-01T00:00:00Z, while 4 deposit requests are open and 2 transfers wait to be credited (is RPC_URL answering?)',
      `campaign ${outOfClicks} of ${cleo.email} on used_up_${kind}: active with no clicks left since 2020-01-01T00:00:00Z: the job has not ended it (do the servers run their jobs?)`,
      `campaign ${unlisted} of ${cleo.email} on gone_${kind}: active with 125 clicks left ($100.00), but gone_${kind} is no longer listed at the partner, so it is never placed`,
      `campaign ${idle} of ${cleo.email} on quiet_${kind}: active since 2020-01-01T00:00:00Z with 125 clicks left ($100.00) and no billed click ever`,
      `campaign ${onceBilled} of ${cleo.email} on once_${kind}: active since 2020-01-01T00:00:00Z with 125 clicks left ($100.00) and no billed click since 2020-01-05T00:00:00Z`,
    ]);
    // Twelve confirmations asked for: the watcher stopped before the transfer had them.
    expect((await findStuck(db.read, { confirmations: 12 }))[0]).toEqual({
      kind: 'transfer',
      id: stale,
      line: `transfer ${stale}: 150.000000 USDC to ${ava.email} in block 100 (tx 0x01), detected 2020-01-01T00:00:00Z and not credited; 1 of 12 confirmations at the watcher's last scan`,
    });
    expect(await operatorActions(db)).toEqual(actions);
  });
});
