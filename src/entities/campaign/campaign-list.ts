import type { Campaign } from '@/shared/contract/campaigns';

/** Spec §2: the status filter (All, Active, Expired). */
export type StatusFilter = 'all' | 'active' | 'expired';

/** Search on username, full name or package name, case-insensitive (spec §2). */
export function matchesSearch(campaign: Campaign, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [campaign.Profile.username, campaign.Profile.ProfileDatum.full_name, campaign.package_name]
    .map((text) => text.toLowerCase())
    .some((text) => text.includes(needle));
}

export function matchesStatus(campaign: Campaign, status: StatusFilter): boolean {
  if (status === 'all') return true;
  return status === 'active' ? campaign.status : !campaign.status;
}

export type ClicksLevel = 'good' | 'low' | 'critical';

/** Spec §9: clicks remaining are green above 50% left, yellow above 20%, otherwise red. */
export function clicksLevel(campaign: Pick<Campaign, 'clicks_purchased' | 'remaining_clicks'>) {
  const share =
    campaign.clicks_purchased > 0 ? campaign.remaining_clicks / campaign.clicks_purchased : 0;
  const level: ClicksLevel = share > 0.5 ? 'good' : share > 0.2 ? 'low' : 'critical';
  return level;
}

/** Used clicks; a missing clicks_count counts as zero (spec §2 tracker). */
export function clicksUsed(campaign: Pick<Campaign, 'clicks_count'>): number {
  return campaign.clicks_count ?? 0;
}
