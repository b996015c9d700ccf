/**
 * Issue 14: what client and server say of a write's Idempotency-Key (src/server/idempotency.ts keeps
 * the answers, src/lib/writes.ts retries with them).
 */
export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'The Idempotency-Key header must be 1 to 255 visible characters.',
  /** The 409 to a repeat whose first request is still running: the client asks again later. */
  stillRunning: 'This request is still being processed. Try again in a moment.',
  otherRequest: 'This Idempotency-Key was already used for a different request.',
} as const;
