/**
 * Issue 16: a header only our own pages send. A page on another site cannot add a custom header
 * without a CORS preflight, which this server never answers, so the call that changes data over GET
 * (read-all-notifications, spec §7) is refused without it.
 */
export const REQUESTED_WITH_HEADER = 'x-requested-with';
export const REQUESTED_WITH = 'PromoClicks';
