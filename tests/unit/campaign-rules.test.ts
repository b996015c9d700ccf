import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_RULE_MESSAGES,
  categoryProblem,
  clicksBought,
  clicksFor,
  clicksForDeposit,
  isMainCategory,
  needsCategory,
} from '@/shared/rules/campaign-rules';

describe('clicks for an amount (design §2)', () => {
  it('divides in cents and rounds down', () => {
    expect(clicksFor(10_000, 60, 10_000)).toBe(166);
    expect(clicksFor(10_000, 80, 10_000)).toBe(125);
    expect(clicksFor(6_000, 60, 10_000)).toBe(100);
    expect(clicksFor(15_000, 60, 10_000)).toBe(250);
  });

  it('caps a purchase at max_slots', () => {
    expect(clicksFor(1_000_000, 50, 10_000)).toBe(10_000);
    expect(clicksFor(400_040, 40, 10_000)).toBe(10_000);
    expect(clicksBought(1_000_000, 50)).toBe(20_000);
  });

  it('buys nothing for no, a negative or a NaN amount, or no rate', () => {
    expect(clicksFor(0, 60, 10_000)).toBe(0);
    expect(clicksFor(-100, 60, 10_000)).toBe(0);
    expect(clicksFor(Number.NaN, 60, 10_000)).toBe(0);
    expect(clicksFor(10_000, 0, 10_000)).toBe(0);
  });

  it('counts an amount too large to hold (1e308 dollars) as past any maximum, not as none', () => {
    expect(clicksBought(Number.POSITIVE_INFINITY, 60)).toBe(Number.POSITIVE_INFINITY);
    expect(clicksFor(Number.POSITIVE_INFINITY, 60, 10_000)).toBe(10_000);
  });

  it('takes a form deposit in dollars and a package rate in dollars', () => {
    const siteWide = { click_rate: 0.6, max_slots: 10_000 };
    expect(clicksForDeposit(100, siteWide)).toBe(166);
    expect(clicksForDeposit(60, siteWide)).toBe(100);
    expect(clicksForDeposit(100, { click_rate: 0.8, max_slots: 10_000 })).toBe(125);
    expect(clicksForDeposit(0.1 + 0.2, { click_rate: 0.1, max_slots: 10_000 })).toBe(3);
    expect(clicksForDeposit(10_000, { click_rate: 0.4, max_slots: 10_000 })).toBe(10_000);
    expect(clicksForDeposit(Number(''), siteWide)).toBe(0);
  });
});

describe("package 3's category (spec §5)", () => {
  it('only package 3 needs a category', () => {
    expect(needsCategory(3)).toBe(true);
    expect([1, 2, 4].map(needsCategory)).toEqual([false, false, false]);
    expect(needsCategory(null)).toBe(false);
    expect(categoryProblem(2, '')).toBeNull();
  });

  it('asks for a category when package 3 has none', () => {
    expect(categoryProblem(3, '')).toBe('Please select a category');
    expect(categoryProblem(3, '  ')).toBe('Please select a category');
    expect(categoryProblem(3, null)).toBe('Please select a category');
  });

  it('refuses Top, New, Popular and Free by name or slug', () => {
    expect(['Top', 'New', 'Popular', 'Free', 'top', ' FREE '].map(isMainCategory)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(categoryProblem(3, 'popular')).toBe(
      'Top, New, Free and Popular categories are not available for this package',
    );
  });

  it('accepts a topic category', () => {
    expect(isMainCategory('Fitness')).toBe(false);
    expect(categoryProblem(3, 'Fitness')).toBeNull();
  });
});

describe('campaign minimum (spec §5)', () => {
  it('names the minimum deposit in dollars', () => {
    expect(CAMPAIGN_RULE_MESSAGES.minimumDeposit).toBe(
      'Minimum deposit for this package is $100.00',
    );
  });
});
