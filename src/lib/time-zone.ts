/**
 * The advertiser's time zone: the browser's (IANA name), which every figure screen shows its dates
 * in and sends with its calls (issues 19 and 35). UTC where the browser names none.
 */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
