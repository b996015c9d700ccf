import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCompactCount, formatMoney, formatShortDate } from '@/lib/format';
import { shortHash } from '@/lib/short-hash';
import { formatCountdown } from '@/lib/use-countdown';

describe('formatMoney', () => {
  it.each([
    [1234.5, '$1,234.50'],
    [0, '$0.00'],
    [0.1, '$0.10'],
    [10000, '$10,000.00'],
    [1234567.891, '$1,234,567.89'],
    [-5, '-$5.00'],
    [Number.NaN, '$0.00'],
    [1.005, '$1.01'],
    [2.675, '$2.68'],
    [-0.001, '-$0.00'],
    [1e21, '$1,000,000,000,000,000,000,000.00'],
    [1.5e-7, '$0.00'],
  ])('%d → %s', (dollars, shown) => {
    expect(formatMoney(dollars)).toBe(shown);
  });

  it('writes what Intl.NumberFormat writes', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const amounts = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.double({ min: -1e7, max: 1e7, noNaN: true }),
      fc.integer({ min: -1e9, max: 1e9 }).map((cents) => cents / 100),
      fc.integer({ min: -1e9, max: 1e9 }).map((mills) => mills / 1000),
    );
    fc.assert(
      fc.property(amounts, (dollars) => formatMoney(dollars) === intl.format(dollars)),
      { numRuns: 5000 },
    );
  });
});

describe('formatShortDate', () => {
  it.each([
    ['2025-03-05T12:00:00.000Z', 'Mar 5, 2025'],
    ['2024-12-31T12:00:00Z', 'Dec 31, 2024'],
    [null, 'N/A'],
    [undefined, 'N/A'],
    ['', 'N/A'],
    ['not a date', 'N/A'],
    ['0099-01-01T12:00:00Z', 'Jan 1, 99'],
  ])('%s → %s', (value, shown) => {
    expect(formatShortDate(value)).toBe(shown);
  });

  it('writes what Intl.DateTimeFormat writes, in local time', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    const dates = fc.date({
      min: new Date('0001-01-01'),
      max: new Date('9999-12-31'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(dates, (date) => formatShortDate(date.toISOString()) === intl.format(date)),
      { numRuns: 5000 },
    );
  });
});

describe('formatCompactCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.0K'],
    [1234, '1.2K'],
    [15_560, '15.6K'],
    [999_949, '999.9K'],
    [999_950, '1.0M'],
    [1_500_000, '1.5M'],
    [12_345_678, '12.3M'],
    [null, '0'],
    [undefined, '0'],
  ])('%s → %s', (count, shown) => {
    expect(formatCompactCount(count)).toBe(shown);
  });
});

describe('shortHash', () => {
  it('keeps the first 6 and the last 4 characters', () => {
    expect(shortHash('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x5290...9EE7');
  });

  it('leaves a value of 10 characters or fewer alone', () => {
    expect(shortHash('0x12345678')).toBe('0x12345678');
  });
});

describe('formatCountdown', () => {
  it.each([
    [300, '5:00'],
    [299, '4:59'],
    [60, '1:00'],
    [59, '0:59'],
    [9, '0:09'],
    [0, '0:00'],
    [-3, '0:00'],
    [900, '15:00'],
  ])('%i s → %s', (seconds, shown) => {
    expect(formatCountdown(seconds)).toBe(shown);
  });
});
