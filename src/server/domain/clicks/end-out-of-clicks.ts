import type { Db } from '../../db/db';
import { endOutOfClicks, type CampaignRow } from '../campaigns/campaigns';

/** The sweep leaves alone campaigns billed more recently: a batch being answered ends its own. */
const SWEEP_AFTER_SECONDS = 10;

/**
 * Ends those of the campaigns `ids` that are active with all their clicks used (endOutOfClicks).
 * They are locked in id order, as the click statement locks them, and ended in user order, so
 * concurrent transactions take the users' rows in one order; a campaign that another process ended
 * or topped up meanwhile is left alone. Returns the ids it ended.
 */
export async function endCampaignsOutOfClicks(db: Db, ids: number[]): Promise<Set<number>> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<CampaignRow & Record<string, unknown>>(
      `SELECT * FROM campaigns
        WHERE status AND remaining_clicks = 0 AND id = ANY ($1::bigint[])
        ORDER BY id
        FOR UPDATE`,
      [ids],
    );
    const byUser = [...rows].sort((a, b) => a.user_id - b.user_id || a.id - b.id);
    for (const campaign of byUser) await endOutOfClicks(tx, campaign);
    return new Set(rows.map((campaign) => campaign.id));
  });
}

/**
 * The background job's sweep: ends the campaigns a crash (or a failed ending) left active with no
 * clicks, each in its own transaction so one cannot hold up the others. Only those billed last at
 * least `SWEEP_AFTER_SECONDS` ago: a batch being answered right now ends its own. Returns the ids.
 */
export async function sweepCampaignsOutOfClicks(db: Db): Promise<number[]> {
  const due = await db.read.query<{ id: number }>(
    `SELECT id FROM campaigns
      WHERE status AND remaining_clicks = 0 AND updated_at < now() - make_interval(secs => $1)
      ORDER BY id`,
    [SWEEP_AFTER_SECONDS],
  );
  const ended: number[] = [];
  for (const { id } of due) {
    if ((await endCampaignsOutOfClicks(db, [id])).has(id)) ended.push(id);
  }
  return ended;
}
