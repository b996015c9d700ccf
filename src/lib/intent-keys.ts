import type { Endpoint } from '../shared/contract/endpoint';

/**
 * Issue 31 (design §4, one intent, one write): the Idempotency-Key of a user intent. An intent is one
 * write call with one body: every press, retry and reload of it sends the same key until an answer
 * arrives. Once it is answered, or with another body (a corrected amount), it is a new intent with a
 * new key, so a kept 4xx never turns the corrected retry into a 422, and a second top-up of the same
 * amount, asked for after the first was answered, is done too.
 *
 * Kept in memory for this page, and in this tab's sessionStorage so that a press after a reload, while
 * the first answer is still unknown, reaches the server as the same write. Storage holds a SHA-256
 * digest of the call and body beside the key, never the body; a call whose body has a secret
 * (passwords, codes, tokens) is kept in memory only.
 */

/** What a key is for: the call's path (its placeholders filled in) and the body sent. */
export interface WriteIntent {
  readonly path: string;
  readonly body: unknown;
}

const STORAGE_KEY = 'promo-write-intents';
/**
 * How long an unanswered intent is the same one across a reload. The server keeps answers 24 h, but a
 * press much later is a new decision of the person, not a retry of the lost one.
 */
const KEEP_ACROSS_RELOAD_MS = 15 * 60_000;
const SECRET_FIELD = /password|code|token|credential|secret/i;

const inMemory = new Map<string, string>();

type Stored = Record<string, { key: string; at: number }>;

/**
 * A random UUID v4. crypto.randomUUID exists only in secure contexts; elsewhere 128 random bits in
 * hex do as well (the server takes any 1 to 255 visible ASCII characters).
 */
function newIdempotencyKey(): string {
  return (
    crypto.randomUUID?.() ??
    crypto
      .getRandomValues(new Uint32Array(4))
      .reduce((key, part) => key + part.toString(16).padStart(8, '0'), '')
  );
}

function scopeOf(intent: WriteIntent): string {
  return `${intent.path}\n${JSON.stringify(intent.body ?? {})}`;
}

/** Only a body whose fields are known and none of them secret may leave memory. */
function mayStore(endpoint: Endpoint): boolean {
  if (!endpoint.body) return true;
  if (!('entries' in endpoint.body)) return false;
  return !Object.keys(endpoint.body.entries as object).some((name) => SECRET_FIELD.test(name));
}

function readStored(): Stored {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Stored;
    const now = Date.now();
    return Object.fromEntries(
      Object.entries(stored).filter(([, entry]) => now - entry.at < KEEP_ACROSS_RELOAD_MS),
    );
  } catch {
    return {};
  }
}

function writeStored(stored: Stored): void {
  try {
    if (Object.keys(stored).length === 0) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Storage full or refused (private mode): the intent is still one within this page.
  }
}

const digests = new Map<string, string>();

/** The hex SHA-256 of a scope, or null where there is no SubtleCrypto (an insecure context). */
async function digestOf(scope: string): Promise<string | null> {
  const known = digests.get(scope);
  if (known) return known;
  if (!globalThis.crypto?.subtle) return null;
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(scope));
  const hex = Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0'));
  digests.set(scope, hex.join(''));
  return hex.join('');
}

/** The intent's key: the one it was first sent with while it awaits its answer, else a new one. */
export async function intentKey(endpoint: Endpoint, intent: WriteIntent): Promise<string> {
  const scope = scopeOf(intent);
  const kept = inMemory.get(scope);
  if (kept) return kept;
  const digest = mayStore(endpoint) ? await digestOf(scope) : null;
  // Two presses of one intent may both have waited for the digest: the first one's key stands.
  const raced = inMemory.get(scope);
  if (raced) return raced;
  const stored = readStored();
  const key = (digest ? stored[digest]?.key : undefined) ?? newIdempotencyKey();
  inMemory.set(scope, key);
  if (digest) writeStored({ ...stored, [digest]: { key, at: stored[digest]?.at ?? Date.now() } });
  return key;
}

/** The intent was answered: its next press is a new intent. */
export function forgetIntentKey(intent: WriteIntent): void {
  const scope = scopeOf(intent);
  inMemory.delete(scope);
  const digest = digests.get(scope);
  if (!digest) return;
  const { [digest]: answered, ...others } = readStored();
  if (answered) writeStored(others);
}
