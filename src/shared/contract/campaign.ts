import * as v from 'valibot';
import { endpoint } from './endpoint';

/**
 * Spec §3 Campaign (bought ad). Money in dollars (exact cents on the server).
 *
 * The figures describe the campaign's current period (issue 13): a period runs from the campaign's
 * creation, or its reactivation with the same package, to its ending (pause, or all clicks used).
 * A top-up of an active campaign stays in its period; a reactivation starts a new one, and the
 * ended period is kept as a history entry (CampaignHistoryEntry). Within the period, always, in
 * every state:
 * - `amount_deposit` (Budget) = the money put in during the period (the opening or reactivation
 *   deposit plus its top-ups) = spent + `amount_refunded` + `amount_remaining`, where spent =
 *   `clicks_count` x `click_rate`;
 * - `clicks_purchased` = `clicks_count` + `remaining_clicks`;
 * - while active: `remaining_clicks` = the clicks the remaining budget still buys (adding money
 *   makes it floor(amount_remaining / rate), so a fraction of a click carries over within the
 *   period, design §2); `amount_refunded` = 0;
 * - once ended: the remaining budget went back to the balance, so `amount_remaining` = 0,
 *   `amount_refunded` = the money refunded, and `remaining_clicks` = the clicks refunded (not
 *   used; a leftover fraction of a click is in `amount_refunded` but buys no click).
 * Money over the campaign's whole life is the sum of its history entries plus, while active, the
 * current period.
 */
export const Campaign = v.object({
  id: v.number(),
  status: v.boolean(),
  profile_id: v.string(),
  Profile: v.object({
    username: v.string(),
    ProfileDatum: v.object({ full_name: v.string(), avatar: v.string() }),
  }),
  package_id: v.number(),
  package_name: v.string(),
  categories: v.array(v.string()),
  /** Clicks bought in the current period (before any refund). */
  clicks_purchased: v.number(),
  /** Clicks used (billed) in the current period; spec §2: a missing one counts as zero. */
  clicks_count: v.nullable(v.number()),
  /** Active: clicks still to use. Ended: the clicks refunded at the ending. */
  remaining_clicks: v.number(),
  /** Budget: the money put in during the current period. */
  amount_deposit: v.number(),
  /** The budget not spent yet; 0 once ended (refunded). */
  amount_remaining: v.number(),
  /** The money refunded at the period's ending; 0 while active. */
  amount_refunded: v.number(),
  click_rate: v.number(),
  start_date: v.string(),
  end_date: v.nullable(v.string()),
  /** Issue 36: at most this much billed in one of the advertiser's days; null for none. */
  daily_budget: v.nullable(v.number()),
  /** Issue 36: the last day it runs (`YYYY-MM-DD`, the account's zone); null for none. */
  ends_on: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Campaign = v.InferOutput<typeof Campaign>;
export const CampaignsResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  data: v.array(Campaign),
});

/** GET /api/bought-ads-by-client: the advertiser's campaigns, newest first. */
export const boughtAdsByClient = endpoint({
  method: 'GET',
  path: 'bought-ads-by-client',
  response: CampaignsResponse,
  access: 'read',
  offline: true,
});
