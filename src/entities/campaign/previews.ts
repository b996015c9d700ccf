/**
 * Issue 31 point 4: what the campaign dialogs say a write will do, computed as the server computes
 * it (tests/integration/campaigns/previews.test.ts holds them to the server's answers).
 */
import * as v from 'valibot';
import { formatMoney } from '@/lib/format';
import { TopUpCampaignBody, type Campaign, type PauseResponse } from '@/shared/contract/campaigns';
import { dollarsToCents } from '@/shared/money';
import { remainingClicksAfterTopUp, topUpClicksProblem } from '@/shared/rules/campaign-top-up';

/** What adding the amount does: the server's refusal, or the clicks added and the balance after. */
export type AmountEffect =
  { problem: string } | { problem: null; clicksAdded: number | null; balanceAfterCents: number };

/**
 * Spec §5 and design §2, checked in the server's order: the amount as its schema reads it (above 0,
 * at most 2 decimals), the package's click cap, then the balance. Null while the field is empty.
 * Without the campaign (or its package's max_slots) the clicks (or their cap) are not previewed.
 */
export function amountEffect(
  raw: string,
  balance: number,
  campaign?: Campaign,
  maxSlots = Infinity,
): AmountEffect | null {
  if (raw.trim() === '') return null;
  const parsed = v.safeParse(TopUpCampaignBody.entries.amount, Number(raw));
  if (!parsed.success) return { problem: parsed.issues[0].message };
  const amountCents = dollarsToCents(parsed.output);
  let clicksAdded: number | null = null;
  if (campaign) {
    const remainingClicks = remainingClicksAfterTopUp(
      // An ended campaign's budget went back to the balance when it ended.
      campaign.status ? dollarsToCents(campaign.amount_remaining) : 0,
      amountCents,
      dollarsToCents(campaign.click_rate),
    );
    const refused = topUpClicksProblem(remainingClicks, maxSlots);
    if (refused) return { problem: refused };
    // A top-up adds to the clicks left; a reactivation starts a new period with the clicks bought
    // (the ended period's remaining_clicks are the clicks refunded, not a budget: issue 31 showed
    // "+36" for 166 clicks and "+-9,828" on a campaign that had refunded 9,994).
    clicksAdded = campaign.status ? remainingClicks - campaign.remaining_clicks : remainingClicks;
  }
  const balanceAfterCents = dollarsToCents(balance) - amountCents;
  if (balanceAfterCents < 0) return { problem: 'Amount exceeds your available balance' };
  return { problem: null, clicksAdded, balanceAfterCents };
}

/**
 * What pausing gives back, before the press: the budget left as last read. Clicks may still be billed
 * until the press, so it is "about" (issue 31: the dialog promised "$7,000.00 will return" from data
 * 30 minutes old; $6,996.40 did).
 */
export function pauseRefundEstimate(campaign: Campaign): string {
  return campaign.amount_remaining > 0
    ? `About ${formatMoney(campaign.amount_remaining)} will return to your balance`
    : 'No budget is left to return to your balance';
}

/** The spec's success message (§8), with what actually went back to the balance when it says. */
export function pauseDoneMessage(answer: PauseResponse): string {
  if (answer.refunded_amount === undefined) return answer.message;
  return answer.refunded_amount > 0
    ? `${answer.message}. ${formatMoney(answer.refunded_amount)} returned to your balance`
    : answer.message;
}
