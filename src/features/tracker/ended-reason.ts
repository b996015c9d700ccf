import type { Campaign } from '@/shared/contract/campaigns';
import { clicksUsed } from '@/entities/campaign/campaign-list';

export type EndedReason = 'paused' | 'clicks-used-up';

/**
 * Why an inactive campaign ended, from its period's clicks: a campaign whose clicks ran out used
 * every click bought, a paused one had clicks left, refunded (a pause of a campaign with none left
 * ends it as used up: server domain/campaigns/campaigns.ts, lockCampaign). Undefined while it is active.
 */
export function endedReason(
  campaign: Pick<Campaign, 'status' | 'clicks_count' | 'clicks_purchased'>,
): EndedReason | undefined {
  if (campaign.status) return undefined;
  return clicksUsed(campaign) >= campaign.clicks_purchased ? 'clicks-used-up' : 'paused';
}

export const ENDED_REASON_TEXT: Record<EndedReason, string> = {
  paused: 'Paused (the remaining budget was refunded)',
  'clicks-used-up': 'All purchased clicks used',
};
