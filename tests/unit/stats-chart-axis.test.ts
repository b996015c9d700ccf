import { describe, expect, it } from 'vitest';
import { chartTimeRange } from '@/entities/stats/components/chart-axis';

const seconds = (iso: string) => Date.parse(iso) / 1000;

describe("the chart's time axis (issue 19)", () => {
  it("spans the range's buckets and ends short of the midnight after it, which would be labelled", () => {
    // Last 30 days ending on Nov 27: day buckets placed at noon (UTC), Oct 29 to Nov 27.
    const day = 86_400;
    expect(
      chartTimeRange(seconds('2026-10-29T12:00:00Z'), seconds('2026-11-27T12:00:00Z'), day),
    ).toEqual([seconds('2026-10-29T00:00:00Z'), seconds('2026-11-27T23:59:59Z')]);
    // A campaign's hours: 09:00 to 14:00, each bucket at its half hour.
    expect(
      chartTimeRange(seconds('2026-11-27T09:30:00Z'), seconds('2026-11-27T14:30:00Z'), 3600),
    ).toEqual([seconds('2026-11-27T09:00:00Z'), seconds('2026-11-27T14:59:59Z')]);
  });
});
