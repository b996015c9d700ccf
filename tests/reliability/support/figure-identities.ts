import type { Campaign, CampaignHistoryEntry } from '@/shared/contract/campaigns';

/**
 * The figures of the contract's Campaign and CampaignHistoryEntry (issue 13), checked on the API's
 * answers in integer cents. Returns one line per identity that fails (empty when all hold):
 * - a campaign, for its current period: clicks_purchased = clicks_count + remaining_clicks; budget =
 *   spent + refunded + remaining with spent = clicks_count x rate; active: nothing refunded and the
 *   remaining budget covers the remaining clicks; ended: nothing remaining, the refund covers the
 *   clicks refunded, and its last history entry records this very period;
 * - a history entry, for its period: total_clicks_purchased = clicks_purchased = clicks_count +
 *   remaining_clicks, total_spent = clicks_count x rate, its budget covers the spend and the clicks
 *   refunded;
 * - `billedCents` given (what the advertiser was billed over all campaigns, from the ledger): the
 *   history entries plus the active periods' spend add up to it.
 */
export function figureViolations(
  campaigns: readonly Campaign[],
  history: readonly CampaignHistoryEntry[],
  billedCents?: number,
): string[] {
  const violations: string[] = [];
  for (const c of campaigns) {
    const where = `campaign ${c.profile_id} (${c.status ? 'active' : 'ended'})`;
    violations.push(...campaignViolations(c).map((problem) => `${where}: ${problem}`));
    if (c.status) continue;
    const entry = history
      .filter((h) => h.profile_id === c.profile_id && h.end_date === c.end_date)
      .at(0);
    const period = [c.clicks_purchased, c.clicks_count ?? 0, c.remaining_clicks, spent(c)];
    const recorded = entry && [
      entry.total_clicks_purchased,
      entry.clicks_count,
      entry.remaining_clicks,
      cents(entry.total_spent),
    ];
    if (
      !recorded ||
      recorded.join() !== period.join() ||
      cents(entry.amount_deposit) !== cents(c.amount_deposit)
    ) {
      violations.push(`${where}: its period ${period.join('/')} is not its last history entry's`);
    }
  }
  for (const h of history) {
    const where = `history entry ${h.id} (${h.profile_id})`;
    violations.push(...entryViolations(h).map((problem) => `${where}: ${problem}`));
  }
  if (billedCents !== undefined) {
    const counted =
      history.reduce((sum, h) => sum + cents(h.total_spent), 0) +
      campaigns.filter((c) => c.status).reduce((sum, c) => sum + spent(c), 0);
    if (counted !== billedCents) {
      violations.push(`history + active periods spent ${counted} != billed ${billedCents}`);
    }
  }
  return violations;
}

export const cents = (dollars: number) => Math.round(dollars * 100);

/** A period's spend: clicks used x rate. */
const spent = (c: Campaign) => (c.clicks_count ?? 0) * cents(c.click_rate);

function campaignViolations(c: Campaign): string[] {
  const problems: string[] = [];
  const rate = cents(c.click_rate);
  const [budget, remaining, refunded] = [
    c.amount_deposit,
    c.amount_remaining,
    c.amount_refunded,
  ].map(cents) as [number, number, number];
  const used = c.clicks_count ?? 0;
  if (c.clicks_purchased !== used + c.remaining_clicks) {
    problems.push(
      `purchased ${c.clicks_purchased} != used ${used} + remaining ${c.remaining_clicks}`,
    );
  }
  if (budget !== spent(c) + refunded + remaining) {
    problems.push(
      `budget ${budget} != spent ${spent(c)} + refunded ${refunded} + remaining ${remaining}`,
    );
  }
  if (Math.min(used, c.remaining_clicks, remaining, refunded) < 0)
    problems.push('a negative figure');
  if (c.status) {
    if (refunded !== 0) problems.push(`active, yet ${refunded} refunded`);
    if (c.remaining_clicks * rate > remaining) {
      problems.push(`remaining ${remaining} does not cover ${c.remaining_clicks} clicks`);
    }
    if (c.end_date !== null) problems.push('active with an end date');
  } else {
    if (remaining !== 0) problems.push(`ended, yet ${remaining} remaining`);
    if (c.remaining_clicks * rate > refunded) {
      problems.push(`refund ${refunded} does not cover ${c.remaining_clicks} refunded clicks`);
    }
    if (c.end_date === null) problems.push('ended without an end date');
  }
  return problems;
}

function entryViolations(h: CampaignHistoryEntry): string[] {
  const problems: string[] = [];
  const rate = cents(h.click_rate);
  const spentCents = cents(h.total_spent);
  if (h.total_clicks_purchased !== h.clicks_count + h.remaining_clicks) {
    problems.push(
      `purchased ${h.total_clicks_purchased} != used ${h.clicks_count} + refunded ${h.remaining_clicks}`,
    );
  }
  if (h.clicks_purchased !== h.total_clicks_purchased) {
    problems.push(`clicks_purchased ${h.clicks_purchased} != ${h.total_clicks_purchased}`);
  }
  if (spentCents !== h.clicks_count * rate) {
    problems.push(`spent ${spentCents} != ${h.clicks_count} clicks x ${rate}`);
  }
  if (cents(h.amount_deposit) < spentCents + h.remaining_clicks * rate) {
    problems.push(
      `budget ${cents(h.amount_deposit)} < spent ${spentCents} + ${h.remaining_clicks} refunded clicks`,
    );
  }
  if (Math.min(h.clicks_count, h.remaining_clicks) < 0) problems.push('a negative figure');
  return problems;
}
