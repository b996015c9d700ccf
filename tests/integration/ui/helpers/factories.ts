import type { Campaign } from '../../../../src/shared/contract/campaigns';

/** A campaign as the server lists it (spec §3), active on Site-Wide unless overridden. */
export function makeCampaign(
  id: number,
  username: string,
  overrides: Partial<Campaign> = {},
): Campaign {
  return {
    id,
    status: true,
    profile_id: username,
    Profile: {
      username,
      ProfileDatum: { full_name: `Full ${username}`, avatar: `/avatars/${username}.svg` },
    },
    package_id: 2,
    package_name: 'Site-Wide',
    categories: ['All'],
    clicks_purchased: 100,
    clicks_count: 40,
    remaining_clicks: 60,
    amount_deposit: 60,
    amount_remaining: 36,
    amount_refunded: 0,
    click_rate: 0.6,
    start_date: '2025-03-05T12:00:00.000Z',
    end_date: null,
    createdAt: '2025-03-05T12:00:00.000Z',
    updatedAt: '2025-03-06T12:00:00.000Z',
    ...overrides,
  };
}
