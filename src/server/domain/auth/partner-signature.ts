import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Partner requests are signed: hex HMAC-SHA256 over `${timestamp}.${body}` with the shared secret;
 * a GET signs its path with the query string in place of a body.
 */
export const SIGNATURE_HEADER = 'x-partner-signature';
export const TIMESTAMP_HEADER = 'x-partner-timestamp';
/** Older (or further in the future) timestamps are refused, so a captured request cannot be replayed later. */
export const MAX_CLOCK_SKEW_SECONDS = 300;

export function signPartnerRequest(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export type SignatureCheck = 'ok' | 'missing' | 'stale' | 'invalid';

/**
 * The 32 bytes of the HMAC in hex, nothing before or after: Buffer.from(hex) alone would stop at the
 * first character that is not hex and drop an odd last digit (issue 16). Capitals name the same bytes.
 */
const SIGNATURE_HEX = /^[0-9a-f]{64}$/i;

export function checkPartnerSignature(
  secret: string,
  headers: { timestamp?: string; signature?: string },
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): SignatureCheck {
  if (!headers.timestamp || !headers.signature) return 'missing';
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp)) return 'invalid';
  if (Math.abs(nowSeconds - timestamp) > MAX_CLOCK_SKEW_SECONDS) return 'stale';
  if (!SIGNATURE_HEX.test(headers.signature)) return 'invalid';
  const expected = Buffer.from(signPartnerRequest(secret, timestamp, body), 'hex');
  return timingSafeEqual(Buffer.from(headers.signature, 'hex'), expected) ? 'ok' : 'invalid';
}

/** The answers (401) to a request whose signature is missing, stale or wrong. */
export const SIGNATURE_MESSAGES = {
  missing: 'Missing partner signature',
  stale: 'Partner request timestamp is too old',
  invalid: 'Invalid partner signature',
} as const;
