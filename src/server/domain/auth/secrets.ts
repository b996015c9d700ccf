import { createHash, randomBytes } from 'node:crypto';

/** A random opaque secret for cookies and mail links: 32 bytes, base64url. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Sessions and one-time tokens are stored only as SHA-256 hashes (design §3): a leaked table gives no
 * usable cookie or link. The secrets are random 256-bit values, so an unsalted fast hash is enough.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
