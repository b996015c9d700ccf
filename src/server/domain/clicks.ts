import type { Db } from '../db/db';
import { endCampaign, type CampaignRow } from './campaigns';
import { notify, NOTIFICATION_TEXTS } from './notifications';

export interface ClickEvent {
  id: string;
  username: string;
  at: Date;
}

export interface ClickBatchResult {
  received: number;
  duplicates: number;
  billed: number;
  unbilled: number;
  endedCampaigns: number;
}

/**
 * Records a batch of partner click events and bills them (design §5). Each event id counts once,
 * ever. A click on a profile bills the advertiser whose active campaign on it started first; a click
 * with no purchased click left is recorded but never billed. A campaign whose clicks run out ends at
 * once: its leftover fraction of a click is refunded and a history entry written.
 */
export async function recordClicks(db: Db, events: ClickEvent[]): Promise<ClickBatchResult> {
  return db.transaction(async (tx) => {
    const inserted = await tx.query<{ event_id: string; profile_username: string }>(
      `INSERT INTO click_events (event_id, profile_username, clicked_at, billed)
       SELECT e.id, e.username, e.at, false
         FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS e(id, username, at)
       ON CONFLICT (event_id) DO NOTHING
       RETURNING event_id, profile_username`,
      [
        events.map((e) => e.id),
        events.map((e) => e.username),
        events.map((e) => e.at.toISOString()),
      ],
    );
    const result: ClickBatchResult = {
      received: events.length,
      duplicates: events.length - inserted.length,
      billed: 0,
      unbilled: 0,
      endedCampaigns: 0,
    };
    if (inserted.length === 0) return result;

    const byProfile = new Map<string, string[]>();
    for (const event of inserted) {
      const key = event.profile_username.toLowerCase();
      const ids = byProfile.get(key);
      if (ids) ids.push(event.event_id);
      else byProfile.set(key, [event.event_id]);
    }
    // Lock every campaign this batch may bill in one fixed order (by id), so concurrent batches
    // never deadlock (stack notes).
    const campaigns = await tx.query<CampaignRow & Record<string, unknown>>(
      `SELECT * FROM campaigns
        WHERE status AND lower(profile_username) = ANY($1::text[])
        ORDER BY id
        FOR UPDATE`,
      [[...byProfile.keys()]],
    );
    const queueByProfile = new Map<string, CampaignRow[]>();
    for (const campaign of [...campaigns].sort(
      (a, b) => a.start_date.getTime() - b.start_date.getTime() || Number(a.id) - Number(b.id),
    )) {
      const key = campaign.profile_username.toLowerCase();
      const queue = queueByProfile.get(key);
      if (queue) queue.push(campaign);
      else queueByProfile.set(key, [campaign]);
    }

    const billedIds: string[] = [];
    const billedCampaignIds: number[] = [];
    for (const [profile, eventIds] of byProfile) {
      let pending = eventIds;
      for (const campaign of queueByProfile.get(profile) ?? []) {
        if (pending.length === 0) break;
        const take = Math.min(pending.length, campaign.remaining_clicks);
        if (take === 0) continue;
        const ids = pending.slice(0, take);
        pending = pending.slice(take);
        billedIds.push(...ids);
        billedCampaignIds.push(...ids.map(() => Number(campaign.id)));
        const [updated] = await tx.query<CampaignRow & Record<string, unknown>>(
          `UPDATE campaigns
              SET clicks_count = clicks_count + $2,
                  remaining_clicks = remaining_clicks - $2,
                  billed_cents = billed_cents + $2 * click_rate_cents,
                  amount_remaining_cents = amount_remaining_cents - $2 * click_rate_cents,
                  updated_at = now()
            WHERE id = $1
            RETURNING *`,
          [campaign.id, take],
        );
        if (updated!.remaining_clicks === 0) {
          await endCampaign(tx, updated!);
          const text = NOTIFICATION_TEXTS.campaignClicksUsed(
            campaign.profile_username,
            updated!.clicks_purchased,
          );
          await notify(tx, Number(campaign.user_id), text);
          result.endedCampaigns += 1;
        }
      }
    }
    if (billedIds.length > 0) {
      await tx.query(
        `UPDATE click_events AS e SET billed = true, campaign_id = b.campaign_id
           FROM unnest($1::text[], $2::bigint[]) AS b(event_id, campaign_id)
          WHERE e.event_id = b.event_id`,
        [billedIds, billedCampaignIds],
      );
    }
    result.billed = billedIds.length;
    result.unbilled = inserted.length - billedIds.length;
    return result;
  });
}
