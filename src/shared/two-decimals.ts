/**
 * Amounts typed by a person have at most two decimals (design §2). Apart from money.ts, which every
 * first load holds: only the forms and the server check it.
 */
/** True for a finite number with at most two decimals (1.005 is not). */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  // A whole number has none (and 1e308 * 100 would overflow the check below).
  if (Number.isInteger(value)) return true;
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}
