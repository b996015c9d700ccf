import { campaignChanged } from '../../errors';
import { CAMPAIGN_RULE_MESSAGES } from '../../../shared/rules/campaign-rules';
import { TOP_UP_MESSAGES } from '../../../shared/rules/campaign-top-up';
import type { CampaignRow } from './campaign-rows';

/** What the campaign writes answer when they refuse (design §2, spec §2 and §9). */
export const MESSAGES = {
  notAvailable: 'Model is not available',
  noCampaign: 'No campaign found for this profile',
  selectPackage: 'Please select a package',
  ...CAMPAIGN_RULE_MESSAGES,
  createBalance: 'You do not have enough balance to create this campaign',
  amountBalance: 'Amount exceeds your available balance',
  alreadyHasCampaign:
    'You already have a campaign for this profile. Reactivate it from Your Campaigns instead.',
  notActive: 'This campaign is not active',
  deleteActive: 'Active campaigns cannot be deleted. Deactivate the campaign first.',
  /** The create-campaign page's own words for it. */
  searchBalance: 'Creator search is disabled until your balance is above $90.',
  ...TOP_UP_MESSAGES,
} as const;

/** The write a screen asked for, in the words of the 409 that says what changed (issue 31). */
export type CampaignAction = 'top-up' | 'pause' | 'reactivate' | 'new-package' | 'delete';

/**
 * Issue 31: what changed since the screen showed the campaign. "Ended" is a campaign whose clicks
 * ran out (lockCampaign ends it), "paused" one ended by a pause; "reactivated" one active again.
 */
export const CAMPAIGN_CHANGED_MESSAGES = {
  deleted: 'This campaign was deleted in the meantime',
  paused: {
    'top-up': 'This campaign was paused in the meantime; reactivate it instead',
    pause: 'This campaign was paused in the meantime',
  },
  ended: {
    'top-up': 'This campaign used all its clicks and ended in the meantime; reactivate it instead',
    pause: 'This campaign used all its clicks and ended in the meantime',
  },
  reactivated: {
    reactivate: 'This campaign was reactivated in the meantime; top it up instead',
    'new-package':
      'This campaign was reactivated in the meantime; pause it before changing its package',
    delete: 'This campaign was reactivated in the meantime; pause it before deleting it',
  },
} as const;

/**
 * Issue 31 (design §2): a write that states the status its screen showed (`expected`: true for
 * active) is refused with 409 `campaign_changed` when the campaign has another one now, before
 * anything changes. Never by updated_at or counters: billing moves those every batch. Without
 * `expected` (older clients), the spec's behaviour.
 */
export function checkExpectedStatus(
  campaign: CampaignRow | undefined,
  expected: boolean | undefined,
  action: CampaignAction,
): void {
  if (expected === undefined) return;
  if (!campaign) throw campaignChanged(CAMPAIGN_CHANGED_MESSAGES.deleted);
  if (campaign.status === expected) return;
  if (campaign.status) {
    const said = CAMPAIGN_CHANGED_MESSAGES.reactivated;
    throw campaignChanged(action in said ? said[action as keyof typeof said] : said.reactivate);
  }
  const said =
    campaign.remaining_clicks === 0
      ? CAMPAIGN_CHANGED_MESSAGES.ended
      : CAMPAIGN_CHANGED_MESSAGES.paused;
  throw campaignChanged(action === 'pause' ? said.pause : said['top-up']);
}
