/**
 * The x range of the chart (seconds) for buckets centred at `first` ... `last`, `step` seconds
 * each: from the first bucket's start to the last one's end, less a second. uPlot labels the time
 * axis at the buckets' boundaries (each midnight, each hour) inside the range; with the range's own
 * end among them it wrote "11/28" under a range that ends on Nov 27, a day the range does not hold.
 * A second short of it, every label marks the start of a day (or an hour) of the range.
 */
export function chartTimeRange(first: number, last: number, step: number): [number, number] {
  return [first - step / 2, last + step / 2 - 1];
}
