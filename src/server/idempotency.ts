import { createHash, createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx, Writer } from './db/db';
import { IDEMPOTENCY_MESSAGES } from '../shared/idempotency';
import { badRequest, conflict, HttpError } from './errors';
import { deviceIdOf } from './plugins/new-browser';
import { addressKey } from './plugins/rate-limit';

/**
 * Writes sent with an `Idempotency-Key` header (issue 14, design §2 "Writes and retries"; the IETF
 * draft "The Idempotency-Key HTTP Header Field"): a retry whose first answer was lost gets that
 * answer, and the write is done once. The key's row is claimed at the start of the write's
 * transaction and its answer stored at the end of it, so both commit with the write's effects or
 * neither does: a crash or a 5xx leaves the key free for the retry. A repeat arriving while the first
 * runs waits on the claimed row. Requests without the header behave as they always did.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that was kept from the key's first request (Stripe's `Idempotent-Replayed`). */
export const REPLAYED_HEADER = 'idempotent-replayed';

/** How long a kept answer is replayed (the issue's "at least 24 hours"); the jobs sweep it after. */
export const KEPT_FOR_HOURS = 24;

/** What a kept answer is: the status and the JSON text that were sent. */
export interface KeptAnswer {
  status: number;
  answer: string;
}

/**
 * The header's key, or undefined without one. The draft sends it as a structured-field string
 * (`"…"`); Stripe's clients send it bare: both are taken.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  const raw = Array.isArray(header) ? header.join(',') : header;
  const key = /^"(.*)"$/.exec(raw)?.[1] ?? raw;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw badRequest(IDEMPOTENCY_MESSAGES.invalidKey);
  return key;
}

/**
 * Whose keys these are: the signed-in user's; before sign-in the browser's (issue 32 finding 5: they
 * were one owner's, `anonymous`, so a key one browser used replayed its answer to another). A browser
 * is known by its random `did` cookie, stored here only as a hash; a caller that has none yet (its
 * first visit: the cookie comes with a sign-in) by its address, as the rate limits count it, so the
 * retry of a write whose answer was lost is still its own.
 */
export function keyOwner(request: FastifyRequest): string {
  if (request.user) return `user:${request.user.id}`;
  const browser = deviceIdOf(request);
  if (browser)
    return `browser:${createHash('sha256').update(`idempotency:${browser}`).digest('hex')}`;
  return `address:${addressKey(request.ip)}`;
}

/** The key of the request hash, derived from the server's secret so that it is used for nothing else. */
export function requestHashKey(secret: string): Buffer {
  return createHash('sha256').update(`idempotency-key:${secret}`).digest();
}

/**
 * A keyed hash of the request as validated (method, path, body): two requests with one key are
 * compared by it. Keyed (requestHashKey), so a leaked table tells nothing of the bodies (passwords
 * among them).
 */
export function requestHash(hashKey: Buffer, method: string, path: string, body: unknown): string {
  return createHmac('sha256', hashKey)
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

interface Claim {
  owner: string;
  key: string;
  hash: string;
  /** How long a repeat waits for a first request still running (IDEMPOTENCY_WAIT_SECONDS). */
  waitSeconds: number;
}

/**
 * Claims the key inside the write's transaction: undefined when the work is to be done, or the kept
 * answer of the key's first request. A repeat whose first is still running waits for it to commit
 * (then gets its answer) or roll back (then does the work), at most `waitSeconds`; past that, 409.
 * A kept answer of another request (method, path or body) is a 422.
 */
export async function claimKey(
  db: Pick<Db, 'kind'>,
  tx: Tx,
  { owner, key, hash, waitSeconds }: Claim,
): Promise<KeptAnswer | undefined> {
  // PGlite runs one transaction at a time, so a repeat there waits before its transaction starts.
  if (db.kind === 'postgres') {
    await tx.query(`SET LOCAL lock_timeout = ${Math.round(waitSeconds * 1000)}`, [], {
      prepare: false,
    });
  }
  let claimed: unknown[];
  try {
    // A row past its 24 hours is claimed anew; a live one is left as it is (no row returned). A row
    // still being written by another transaction is waited for.
    claimed = await tx.query(
      `INSERT INTO idempotency_keys AS k (owner, key, request_hash, status, answer, expires_at)
         VALUES ($1, $2, $3, 0, '', now() + make_interval(hours => $4))
       ON CONFLICT (owner, key) DO UPDATE
         SET request_hash = excluded.request_hash, status = 0, answer = '',
             expires_at = excluded.expires_at
         WHERE k.expires_at <= now()
       RETURNING 1`,
      [owner, key, hash, KEPT_FOR_HOURS],
    );
  } catch (error) {
    if ((error as { code?: string }).code === '55P03')
      throw conflict(IDEMPOTENCY_MESSAGES.stillRunning);
    throw error;
  }
  if (db.kind === 'postgres') {
    await tx.query('SET LOCAL lock_timeout = DEFAULT', [], { prepare: false });
  }
  if (claimed.length === 1) return undefined;
  const [kept] = await tx.query<{ request_hash: string; status: number; answer: string }>(
    'SELECT request_hash, status, answer FROM idempotency_keys WHERE owner = $1 AND key = $2',
    [owner, key],
  );
  if (!kept) throw conflict(IDEMPOTENCY_MESSAGES.stillRunning);
  if (kept.request_hash !== hash) throw new HttpError(422, IDEMPOTENCY_MESSAGES.otherRequest);
  return { status: Number(kept.status), answer: kept.answer };
}

/** Stores the answer of the claimed key, in the transaction that claimed it. */
export async function keepAnswer(
  tx: Tx,
  { owner, key }: Pick<Claim, 'owner' | 'key'>,
  { status, answer }: KeptAnswer,
): Promise<void> {
  await tx.query(
    'UPDATE idempotency_keys SET status = $3, answer = $4 WHERE owner = $1 AND key = $2',
    [owner, key, status, answer],
  );
}

/** Deletes the kept answers past their 24 hours. Idempotent, so any number of processes may run it. */
export async function sweepIdempotencyKeys(db: Writer): Promise<number> {
  const [row] = await db.query<{ swept: number }>(
    `WITH gone AS (DELETE FROM idempotency_keys WHERE expires_at <= now() RETURNING 1)
     SELECT count(*)::bigint AS swept FROM gone`,
  );
  return Number(row!.swept);
}
