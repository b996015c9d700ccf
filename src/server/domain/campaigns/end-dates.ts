import type { Db } from '../../db/db';
import { notify, NOTIFICATION_TEXTS } from '../notifications';
import type { CampaignRow } from './campaign-rows';
import { endCampaign } from './campaigns';

/**
 * Issue 36 point 3: the background job's end of the campaigns whose end date has passed. Billing
 * stopped at their `ends_at` already (the statement checks it per click); this ends each with the
 * spec's refund, a history entry and a notification, once: the row is locked and its status read
 * again, so two processes, or a run after a restart, never end one twice. At most `limit` a run.
 */
export async function endCampaignsPastEndDate(db: Db, now: number, limit = 100): Promise<number[]> {
  const due = await db.query<{ id: number }>(
    'SELECT id FROM campaigns WHERE status AND ends_at <= $1 ORDER BY id LIMIT $2',
    [new Date(now), limit],
  );
  const ended: number[] = [];
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [campaign] = await tx.query<
        CampaignRow & { ends_on: string } & Record<string, unknown>
      >(
        `SELECT *, to_char(ends_on, 'YYYY-MM-DD') AS ends_on FROM campaigns
          WHERE id = $1 AND status AND ends_at <= $2 FOR UPDATE`,
        [id, new Date(now)],
      );
      if (!campaign) return false;
      const refundCents = Number(campaign.amount_remaining_cents);
      await endCampaign(tx, campaign);
      await notify(
        tx,
        Number(campaign.user_id),
        NOTIFICATION_TEXTS.campaignEndDate(
          campaign.profile_username,
          campaign.ends_on,
          refundCents,
        ),
      );
      return true;
    });
    if (done) ended.push(Number(id));
  }
  return ended;
}
