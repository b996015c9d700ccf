import { describe, expect, it } from 'vitest';
import { viewHistory, ALL_PACKAGES } from '@/features/campaign-history/history-list';
import { filterCampaigns, SORT_OPTIONS } from '@/features/campaigns/campaign-filters';
import { figuresLookup, RANGE_SORT_NAMES } from '@/entities/stats/csv-exports';
import type { CampaignHistoryEntry } from '@/shared/contract/campaigns';
import { makeCampaign } from '../integration/ui/helpers/factories';

// Server order (newest first): ada, ben, cy, dot, eve; ada, cy and eve active. Dot is in the answer
// with nothing in the range; eve is missing from it, which means the same.
const campaigns = ['ada', 'ben', 'cy', 'dot', 'eve'].map((name, index) =>
  makeCampaign(10 - index, name, {
    status: index % 2 === 0,
    createdAt: `2026-11-0${9 - index}T12:00:00.000Z`,
  }),
);
const figures = figuresLookup([
  {
    id: 10,
    spend: 24,
    clicks: 30,
    avg_cpc: 0.8,
    invalid: 0,
    credits: 0,
    credited_clicks: 0,
    net_spend: 24,
  },
  {
    id: 9,
    spend: 60,
    clicks: 100,
    avg_cpc: 0.6,
    invalid: 2,
    credits: 0,
    credited_clicks: 0,
    net_spend: 60,
  },
  {
    id: 8,
    spend: 7.5,
    clicks: 15,
    avg_cpc: 0.5,
    invalid: 0,
    credits: 0,
    credited_clicks: 0,
    net_spend: 7.5,
  },
  {
    id: 7,
    spend: 0,
    clicks: 0,
    avg_cpc: 0,
    invalid: 4,
    credits: 0,
    credited_clicks: 0,
    net_spend: 0,
  },
]);

const sorted = (sort: (typeof SORT_OPTIONS)[number]['value']) =>
  filterCampaigns(campaigns, { search: '', status: 'all', packageName: 'all', sort }, figures).map(
    (campaign) => campaign.Profile.username,
  );

describe('All Campaigns: the sorts by the figures in the range (issue 19)', () => {
  it('keeps the spec sorts and adds the six range sorts', () => {
    expect(SORT_OPTIONS.map((option) => option.label)).toEqual([
      'Newest First',
      'Oldest First',
      'Highest Budget',
      'Lowest Budget',
      'Highest Spend in Range',
      'Lowest Spend in Range',
      'Most Clicks in Range',
      'Least Clicks in Range',
      'Highest Cost per Click in Range',
      'Lowest Cost per Click in Range',
    ]);
  });

  it.each([
    ['Highest Spend in Range', ['ben', 'ada', 'cy', 'dot', 'eve']],
    ['Lowest Spend in Range', ['dot', 'eve', 'cy', 'ada', 'ben']],
    ['Most Clicks in Range', ['ben', 'ada', 'cy', 'dot', 'eve']],
    ['Least Clicks in Range', ['dot', 'eve', 'cy', 'ada', 'ben']],
    // Without clicks there is no cost per click: dot and eve come last either way.
    ['Highest Cost per Click in Range', ['ada', 'ben', 'cy', 'dot', 'eve']],
    ['Lowest Cost per Click in Range', ['cy', 'ben', 'ada', 'dot', 'eve']],
  ] as const)('%s', (sort, expected) => {
    expect(sorted(sort)).toEqual(expected);
  });

  it('sorts what the filters keep', () => {
    const shown = filterCampaigns(
      campaigns,
      { search: '', status: 'active', packageName: 'all', sort: 'Highest Spend in Range' },
      figures,
    );
    expect(shown.map((campaign) => campaign.Profile.username)).toEqual(['ada', 'cy', 'eve']);
  });

  it('keeps the list order while no figures are known (still loading)', () => {
    const shown = filterCampaigns(
      campaigns,
      { search: '', status: 'all', packageName: 'all', sort: 'Highest Spend in Range' },
      figuresLookup(undefined),
    );
    expect(shown.map((campaign) => campaign.Profile.username)).toEqual([
      'ada',
      'ben',
      'cy',
      'dot',
      'eve',
    ]);
  });
});

function entry(id: number, profile: string): CampaignHistoryEntry {
  return {
    id,
    profile_id: profile,
    package_name: 'Site-Wide',
    categories: ['All'],
    total_clicks_purchased: 100,
    clicks_purchased: 100,
    remaining_clicks: 100 - id,
    // Clicks used over the whole period: the opposite order of the range's clicks below.
    clicks_count: id,
    total_spent: id * 0.6,
    amount_deposit: 60,
    click_rate: 0.6,
    start_date: '2026-09-01T12:00:00.000Z',
    end_date: `2026-11-0${id}T12:00:00.000Z`,
  };
}

describe('Expired Campaigns: the sorts by the figures in the range (issue 19)', () => {
  const entries = [entry(1, 'ada'), entry(2, 'ben'), entry(3, 'cy')];
  const inRange = figuresLookup([
    {
      id: 1,
      spend: 6,
      clicks: 10,
      avg_cpc: 0.6,
      invalid: 0,
      credits: 0,
      credited_clicks: 0,
      net_spend: 6,
    },
    {
      id: 2,
      spend: 3,
      clicks: 6,
      avg_cpc: 0.5,
      invalid: 1,
      credits: 0,
      credited_clicks: 0,
      net_spend: 3,
    },
  ]);
  const view = (sort: Parameters<typeof viewHistory>[1]['sort']) =>
    viewHistory(entries, { search: '', packageName: ALL_PACKAGES, sort }, inRange).map(
      (shown) => shown.profile_id,
    );

  it('keeps "Most Clicks" as the clicks used over the period, apart from the range sorts', () => {
    expect(view('Most Clicks')).toEqual(['cy', 'ben', 'ada']);
    expect(view('Most Clicks in Range')).toEqual(['ada', 'ben', 'cy']);
    expect(view('Least Clicks in Range')).toEqual(['cy', 'ben', 'ada']);
  });

  it('sorts by spend and cost per click in the range', () => {
    expect(view('Highest Spend in Range')).toEqual(['ada', 'ben', 'cy']);
    expect(view('Lowest Spend in Range')).toEqual(['cy', 'ben', 'ada']);
    expect(view('Highest Cost per Click in Range')).toEqual(['ada', 'ben', 'cy']);
    expect(view('Lowest Cost per Click in Range')).toEqual(['ben', 'ada', 'cy']);
  });

  it('offers the same six range sorts as All Campaigns', () => {
    expect(RANGE_SORT_NAMES).toHaveLength(6);
  });
});
