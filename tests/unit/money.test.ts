import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents } from '@/shared/money';

describe('formatCents', () => {
  it.each([
    [12_345, '$123.45'],
    [0, '$0.00'],
    [5, '$0.05'],
    [10_000, '$100.00'],
    [1_000_000, '$10,000.00'],
    [123_456_789, '$1,234,567.89'],
  ])('%d cents → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('writes what the server wrote with toLocaleString for any amount it holds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        const locale = (cents / 100).toLocaleString('en-US', {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        expect(formatCents(cents)).toBe(`$${locale}`);
      }),
    );
  });
});
