/** Money crosses the API in dollars with at most 2 decimals and lives inside as integer cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

// Intl.NumberFormat gives the text below, but its first use costs a phone 50 ms or more of blocked
// main thread, on the first screen: amounts in the everyday range are written here instead, with the
// same result (tests/unit/format.test.ts compares them with Intl).
const usd = { style: 'currency', currency: 'USD' } as const;
let moneyOutsideRange: Intl.NumberFormat | undefined;

/** Spec §9: `1234.5` → `$1,234.50`; rounded half away from zero on the decimal digits, as Intl rounds. */
export function formatMoney(dollars: number): string {
  const value = Number.isFinite(dollars) ? dollars : 0;
  const abs = Math.abs(value);
  // Below 1e-6 JavaScript writes an exponent; from 1e13 the cents no longer fit a safe integer.
  if (abs >= 1e13 || (abs > 0 && abs < 1e-6)) {
    return (moneyOutsideRange ??= new Intl.NumberFormat('en-US', usd)).format(value);
  }
  const cents = Math.round(Number(`${abs}e2`));
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}$${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** `12345` → `$123.45`: an amount kept in cents, as the server's messages show it. */
export function formatCents(amountCents: number): string {
  return formatMoney(centsToDollars(amountCents));
}
