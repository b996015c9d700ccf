import { CLICK_ID_PATTERN } from '../../shared/contract/partner';
import { formatCents } from '../../shared/money';
import type { Db, Tx } from '../db/db';
import { uuidv7Time } from '../domain/clicks/classify';
import { postLedgerEntry } from '../domain/ledger';
import { notify } from '../domain/notifications';
import { finishAction, OperatorError, plural, sentence, startAction } from './actions';

/** Ids one command takes at most: a longer list is split into several runs. */
export const MAX_CLICK_IDS = 10_000;
const DAY_MS = 86_400_000;

export interface ClickRefundInput {
  campaignId: number;
  eventIds: string[];
  reason: string;
}

/** What became of each id given, in the order given (each id once). */
export interface ClickRefundResult {
  actionId: number;
  userId: number;
  refunded: string[];
  refundedCents: number;
  alreadyRefunded: string[];
  /** Not in the click log: never received, or its day is past CLICK_LOG_RETENTION_DAYS. */
  notFound: string[];
  /** In the log, but not billed (invalid, past the purchased clicks) or billed to another campaign. */
  notBilledHere: string[];
  /** Not a UUIDv7, the form every click id has (contract ClickEventInput). */
  notClickIds: string[];
  summary: string;
}

export const CLICK_REFUND_TEXT = (cents: number, clicks: number, profile: string, reason: string) =>
  `${formatCents(cents)} for ${plural(clicks, 'click')} on your campaign for ${profile} that we found invalid was credited back to your balance: ${sentence(reason)}`;

/**
 * refund-clicks: credits back clicks billed to a campaign and found invalid later. Each click is
 * refunded at most once, ever (click_refunds, keyed by the event id: a second run, or two at once,
 * refunds nothing more), at the rate the campaign billed it (a campaign's rate never changes: a new
 * package is a new campaign). The sum goes back to the advertiser's balance as one ledger row with
 * the reason, with a notification, in one transaction with the action's record. The campaign's own
 * figures stay as billed: the money comes back to the balance, not to the campaign.
 */
export async function refundClicks(db: Db, input: ClickRefundInput): Promise<ClickRefundResult> {
  if (input.eventIds.length > MAX_CLICK_IDS) {
    throw new OperatorError(
      `At most ${MAX_CLICK_IDS} click ids at once (got ${input.eventIds.length}): split the list. Nothing was changed.`,
    );
  }
  const given = [...new Set(input.eventIds.map((id) => id.trim().toLowerCase()))].filter(Boolean);
  const ids = given.filter((id) => CLICK_ID_PATTERN.test(id));
  return db.transaction(async (tx) => {
    const campaign = await findCampaign(tx, input.campaignId);
    // The advertiser's row first, as every balance change takes it (the ledger).
    const [user] = await tx.query<{ email: string }>(
      'SELECT email FROM users WHERE id = $1 FOR UPDATE',
      [campaign.userId],
    );
    const action = await startAction(tx, {
      command: 'refund-clicks',
      arguments: { campaignId: input.campaignId, eventIds: given },
      reason: input.reason,
    });
    const before = await refundedBefore(tx, ids);
    const candidates = ids.filter((id) => !before.has(id));
    const found = await loggedClicks(tx, candidates);
    const billedHere = candidates.filter((id) => {
      const row = found.get(id);
      return row?.billed === true && Number(row.campaign_id) === input.campaignId;
    });
    const isBilledHere = new Set(billedHere);
    // A run at the same moment may have taken some: those it refunded, this one does not.
    // Issue 35 point 4: each credit in the hour its click is counted in (the roll-ups') and in the
    // period that billed it (the one under way when it was received), for the reports.
    const inserted = await tx.query<{ id: string }>(
      `INSERT INTO click_refunds (event_id, day, campaign_id, user_id, amount_cents, action_id, hour,
                                  period_start)
       SELECT i.id, i.day, $3, $4, $5, $6, date_trunc('hour', l.clicked_at, 'UTC'),
              COALESCE((SELECT max(p.start_date)
                          FROM (SELECT start_date FROM campaigns WHERE id = $3
                                UNION ALL
                                SELECT start_date FROM campaign_history WHERE campaign_id = $3) p
                         WHERE p.start_date <= l.received_at), '-infinity')
         FROM unnest($1::date[], $2::uuid[]) AS i(day, id)
         JOIN click_log l ON l.day = i.day AND l.event_id = i.id
        ORDER BY i.id
       ON CONFLICT (event_id) DO NOTHING
       RETURNING event_id::text AS id`,
      [
        billedHere.map(dayOf),
        billedHere,
        input.campaignId,
        campaign.userId,
        campaign.rateCents,
        action.id,
      ],
    );
    const taken = new Set(inserted.map((row) => row.id));
    const refunded = billedHere.filter((id) => taken.has(id));
    const refundedCents = refunded.length * campaign.rateCents;
    if (refunded.length > 0) {
      await notify(
        tx,
        campaign.userId,
        CLICK_REFUND_TEXT(refundedCents, refunded.length, campaign.profile, input.reason),
      );
      await postLedgerEntry(tx, {
        userId: campaign.userId,
        amountCents: refundedCents,
        kind: 'click-refund',
        reference: `operator:${action.id}`,
        note: input.reason,
      });
    }
    const result = {
      actionId: action.id,
      userId: campaign.userId,
      refunded,
      refundedCents,
      alreadyRefunded: ids.filter(
        (id) => before.has(id) || (isBilledHere.has(id) && !taken.has(id)),
      ),
      notFound: candidates.filter((id) => !found.has(id)),
      notBilledHere: candidates.filter((id) => found.has(id) && !isBilledHere.has(id)),
      notClickIds: given.filter((id) => !CLICK_ID_PATTERN.test(id)),
    };
    const summary = summarize(input.campaignId, campaign.profile, user!.email, result);
    await finishAction(tx, action.id, summary);
    return { ...result, summary };
  });
}

interface RefundedCampaign {
  userId: number;
  profile: string;
  rateCents: number;
}

/** The campaign, or what its history keeps of it once deleted (its history entries stay). */
async function findCampaign(tx: Tx, campaignId: number): Promise<RefundedCampaign> {
  const [row] = await tx.query<{
    user_id: number;
    profile_username: string;
    click_rate_cents: number;
  }>(
    `SELECT user_id, profile_username, click_rate_cents FROM campaigns WHERE id = $1
     UNION ALL
     (SELECT user_id, profile_username, click_rate_cents FROM campaign_history
       WHERE campaign_id = $1 ORDER BY end_date DESC LIMIT 1)
     LIMIT 1`,
    [campaignId],
  );
  if (!row) throw new OperatorError(`No campaign ${campaignId}. Nothing was changed.`);
  return {
    userId: Number(row.user_id),
    profile: row.profile_username,
    rateCents: Number(row.click_rate_cents),
  };
}

/** Those of `ids` refunded before (by any run, for any campaign). */
async function refundedBefore(tx: Tx, ids: string[]): Promise<Set<string>> {
  const rows = await tx.query<{ id: string }>(
    'SELECT event_id::text AS id FROM click_refunds WHERE event_id = ANY($1::uuid[])',
    [ids],
  );
  return new Set(rows.map((row) => row.id));
}

/** Those of `ids` in the click log, with the campaign they were on and whether it was billed. */
async function loggedClicks(
  tx: Tx,
  ids: string[],
): Promise<Map<string, { campaign_id: number | null; billed: boolean }>> {
  // An id dated ahead of now was never kept (a future click is only counted), nor has it a day.
  const lookable = ids.filter((id) => uuidv7Time(id) <= Date.now() + DAY_MS);
  // By the whole primary key: an id is kept under its own time's UTC day (clicks/classify.ts).
  const rows = await tx.query<{ id: string; campaign_id: number | null; billed: boolean }>(
    `SELECT x.event_id::text AS id, x.campaign_id, x.billed
       FROM click_log x
       JOIN unnest($1::date[], $2::uuid[]) AS i(day, id) ON x.day = i.day AND x.event_id = i.id`,
    [lookable.map(dayOf), lookable],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** The UTC day a click id is kept under: its own time's (clicks/classify.ts). */
function dayOf(id: string): string {
  return new Date(uuidv7Time(id)).toISOString().slice(0, 10);
}

function summarize(
  campaignId: number,
  profile: string,
  email: string,
  result: Omit<ClickRefundResult, 'summary'>,
): string {
  const left = [
    [result.alreadyRefunded.length, 'already refunded'],
    [result.notFound.length, 'not found'],
    [result.notBilledHere.length, `not billed to campaign ${campaignId}`],
    [result.notClickIds.length, 'not a click id'],
  ] as const;
  const rest = left
    .filter(([count]) => count > 0)
    .map(([count, what]) => `${count} ${what}`)
    .join(', ');
  return (
    `Refunded ${plural(result.refunded.length, 'click')} of campaign ${campaignId} (${profile}) to ${email}: ` +
    `${formatCents(result.refundedCents)}${rest ? `; ${rest}` : ''} (action ${result.actionId}).`
  );
}
