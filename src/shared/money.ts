/** Money crosses the API in dollars with at most 2 decimals and lives inside as integer cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** True for a finite number with at most two decimals (1.005 is not). */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  // A whole number has none (and 1e308 * 100 would overflow the check below).
  if (Number.isInteger(value)) return true;
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}
