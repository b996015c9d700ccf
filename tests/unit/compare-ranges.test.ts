import { describe, expect, it } from 'vitest';
import { changesOf, changeText } from '@/entities/stats/components/compare';

/** Issue 35 point 7: a range's figures against the range before, in words and %. */
describe('changeText', () => {
  it('says up or down, by how many % to one decimal, and from what', () => {
    expect(changeText(1250, 1000, '$10.00')).toBe('Up 25% from $10.00');
    expect(changeText(667, 1000, '$10.00')).toBe('Down 33.3% from $10.00');
    expect(changeText(3, 1, '1')).toBe('Up 200% from 1');
    expect(changeText(12_346, 1, '1')).toBe('Up 1,234,500% from 1');
  });

  it('says no change when equal, and no % from nothing', () => {
    expect(changeText(40, 40, '40')).toBe('No change from 40');
    expect(changeText(0, 0, '$0.00')).toBe('No change from $0.00');
    expect(changeText(5, 0, '0')).toBe('Up from 0');
    expect(changeText(0, 7, '7')).toBe('Down 100% from 7');
    // Less than 0.05%.
    expect(changeText(100_040, 100_000, '$1,000.00')).toBe('About the same as $1,000.00');
    expect(changeText(100_100, 100_000, '$1,000.00')).toBe('Up 0.1% from $1,000.00');
  });
});

describe('changesOf', () => {
  const previous = { from: '2026-11-24', to: '2026-11-30', until: null };

  it('compares spend in cents, billed clicks, and the cost per click only where both had clicks', () => {
    expect(
      changesOf(
        {
          spend: 0.3,
          clicks: 3,
          avg_cpc: 0.1,
          invalid: 0,
          credits: 0,
          credited_clicks: 0,
          net_spend: 0.3,
        },
        { ...previous, spend: 0.1, clicks: 1, avg_cpc: 0.1 },
      ),
    ).toEqual({
      spend: 'Up 200% from $0.10',
      clicks: 'Up 200% from 1',
      cpc: 'No change from $0.10',
    });
    expect(
      changesOf(
        {
          spend: 0,
          clicks: 0,
          avg_cpc: 0,
          invalid: 2,
          credits: 0,
          credited_clicks: 0,
          net_spend: 0,
        },
        { ...previous, spend: 1.6, clicks: 2, avg_cpc: 0.8 },
      ),
    ).toEqual({ spend: 'Down 100% from $1.60', clicks: 'Down 100% from 2', cpc: 'Was $0.80' });
    expect(
      changesOf(
        {
          spend: 1.6,
          clicks: 2,
          avg_cpc: 0.8,
          invalid: 0,
          credits: 0,
          credited_clicks: 0,
          net_spend: 1.6,
        },
        { ...previous, spend: 0, clicks: 0, avg_cpc: 0 },
      ),
    ).toEqual({
      spend: 'Up from $0.00',
      clicks: 'Up from 0',
      cpc: 'No clicks in the range before',
    });
  });

  it('has nothing to say without a range before', () => {
    expect(
      changesOf(
        {
          spend: 1,
          clicks: 1,
          avg_cpc: 1,
          invalid: 0,
          credits: 0,
          credited_clicks: 0,
          net_spend: 1,
        },
        null,
      ),
    ).toEqual({
      spend: undefined,
      clicks: undefined,
      cpc: undefined,
    });
  });
});
