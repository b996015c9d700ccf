/** Business constants of spec §9, shared by client and server. */
export const RESET_RESEND_SECONDS = 300;
export const LOW_BALANCE_DOLLARS = 100;
export const SEARCH_DISABLED_AT_OR_BELOW_DOLLARS = 90;
export const MIN_CAMPAIGN_DEPOSIT_DOLLARS = 100;
export const MIN_BALANCE_DEPOSIT_DOLLARS = 100;
export const MAX_BALANCE_DEPOSIT_DOLLARS = 10_000;
export const ETH_PAYMENT_WINDOW_SECONDS = 900;
export const NOTIFICATIONS_PAGE_SIZE = 5;
export const TRANSACTIONS_PAGE_SIZE = 10;
export const CREATOR_SEARCH_PAGE_SIZE = 10;
export const CREATOR_SEARCH_DEBOUNCE_MS = 300;
export const CREATOR_SEARCH_MIN_CHARS = 2;
/** The most matches search-profiles answers: a full answer means there may be more. */
export const CREATOR_SEARCH_MAX_RESULTS = 100;
export const TRACKER_REFRESH_MS = 30 * 60 * 1000;
export const COPY_CONFIRMATION_MS = 2000;

/** Spec §8 fallback shown for any auth failure without a server message. */
export const AUTH_FALLBACK_MESSAGE =
  'Sorry, something went wrong and we are fixing it. Please try again later or contact support for further assistance.';
