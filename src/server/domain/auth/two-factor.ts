import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import type { Db, Reader, Writer } from '../../db/db';
import { hashSecret, newSecret } from './secrets';

/** TOTP of RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s. */
const ISSUER = 'PromoClicks';
const PERIOD_SECONDS = 30;
/** One step either side: a phone clock off by up to 30 s still works (ASVS 5.0 6.5.x). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** A half-done sign-in waits this long for its second factor. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/**
 * Secrets are stored encrypted with AES-256-GCM under a key derived from SESSION_SECRET, so a
 * leaked table (or backup) gives no usable second factor.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(sessionSecret: string) {
    this.key = createHash('sha256').update(`totp-secret-key:${sessionSecret}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
    return ['v1', ...parts].join('.');
  }

  open(box: string): string {
    const [version, iv, tag, sealed] = box.split('.');
    if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(sealed, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}

function openOrUndefined(box: SecretBox, sealed: string): string | undefined {
  try {
    return box.open(sealed);
  } catch {
    return undefined;
  }
}

function totpOf(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export interface TwoFactorState {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export async function twoFactorState(db: Reader, userId: number): Promise<TwoFactorState> {
  const [row] = await db.query<{ enabled: boolean; left: number }>(
    `SELECT u.totp_secret IS NOT NULL AS enabled,
            (SELECT count(*) FROM recovery_codes r WHERE r.user_id = u.id AND r.used_at IS NULL)::int AS left
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  return { enabled: Boolean(row?.enabled), recoveryCodesLeft: Number(row?.left ?? 0) };
}

/** A new secret, kept as pending until a first code proves the app has it. */
export async function startTwoFactorSetup(
  db: Writer,
  box: SecretBox,
  user: { id: number; email: string },
): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const secret = new Secret({ size: 20 }).base32;
  await db.query('UPDATE users SET totp_pending_secret = $2 WHERE id = $1', [
    user.id,
    box.seal(secret),
  ]);
  const uri = totpOf(secret, user.email).toString();
  // The deposit page's QR library (uqr): one for both (issue 34 point 8).
  const qrSvg = renderSVG(uri, { border: 1, ecc: 'M' });
  return { secret, uri, qrSvg };
}

/**
 * Turns two-factor sign-in on when `code` is right for the pending secret; returns the ten recovery
 * codes (shown once, stored hashed), or undefined for a wrong code. 'none' when no set-up is pending.
 */
export async function enableTwoFactor(
  db: Db,
  box: SecretBox,
  userId: number,
  code: string,
): Promise<string[] | 'none' | 'already-on' | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ pending: string | null; on: boolean }>(
      'SELECT totp_pending_secret AS pending, totp_secret IS NOT NULL AS on FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    if (row?.on) return 'already-on';
    const pending = row?.pending ? openOrUndefined(box, row.pending) : undefined;
    if (!pending) return 'none';
    const step = matchingStep(pending, code);
    if (step === undefined) return undefined;
    await tx.query(
      `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL,
              totp_last_step = $2, updated_at = now()
        WHERE id = $1`,
      [userId, step],
    );
    return replaceRecoveryCodes(tx, userId);
  });
}

export async function disableTwoFactor(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL,
              updated_at = now()
        WHERE id = $1`,
      [userId],
    );
    await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  });
}

async function replaceRecoveryCodes(tx: Writer, userId: number): Promise<string[]> {
  await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  for (const code of codes) {
    await tx.query('INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)', [
      userId,
      hashSecret(normalRecoveryCode(code)),
    ]);
  }
  return codes;
}

/** 10 characters of an alphabet without look-alikes, shown as xxxxx-xxxxx (50 bits). */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

function normalRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The time step `code` is valid for (within the window), or undefined. */
function matchingStep(secretBase32: string, code: string): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secretBase32, ISSUER).validate({ token: code, window: WINDOW });
  if (delta === null) return undefined;
  return Math.floor(Date.now() / 1000 / PERIOD_SECONDS) + delta;
}

/**
 * Checks a second factor of a user with two-factor sign-in on: a TOTP code newer than the last one
 * accepted (each code works once), or an unused recovery code (used up). One statement each, so two
 * racing uses of one code end with one winner.
 */
export async function checkSecondFactor(
  db: Db,
  box: SecretBox,
  userId: number,
  code: string,
): Promise<boolean> {
  const [row] = await db.query<{ secret: string | null }>(
    'SELECT totp_secret AS secret FROM users WHERE id = $1',
    [userId],
  );
  if (!row?.secret) return false;
  const secret = openOrUndefined(box, row.secret);
  // Sealed under another SESSION_SECRET: no code can match; a recovery code still works.
  const step = secret === undefined ? undefined : matchingStep(secret, code);
  if (step !== undefined) {
    const taken = await db.query(
      `UPDATE users SET totp_last_step = $2
        WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
      [userId, step],
    );
    return taken.length > 0;
  }
  const normal = normalRecoveryCode(code);
  if (normal.length !== 10) return false;
  const used = await db.query(
    `UPDATE recovery_codes SET used_at = now()
      WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id`,
    [userId, hashSecret(normal)],
  );
  return used.length > 0;
}

export type ChallengePurpose = 'second-factor' | 'passkey-sign-in' | 'passkey-add';

/** Starts a challenge; returns the secret the browser keeps in its cookie. */
export async function createChallenge(
  db: Writer,
  purpose: ChallengePurpose,
  userId: number | null,
  challenge: string | null = null,
): Promise<string> {
  const id = newSecret();
  await db.query(
    `INSERT INTO auth_challenges (id_hash, purpose, user_id, challenge, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [hashSecret(id), purpose, userId, challenge, new Date(Date.now() + CHALLENGE_TTL_MS)],
  );
  // Housekeeping: expired challenges go when new ones start.
  await db.query('DELETE FROM auth_challenges WHERE expires_at <= now()');
  return id;
}

export interface Challenge {
  userId: number | null;
  challenge: string | null;
  /** Codes tried against it so far (a second-factor challenge takes MAX_CODE_FAILURES). */
  failures: number;
}

/** A live challenge of this purpose, or undefined. */
export async function findChallenge(
  db: Reader,
  id: string,
  purpose: ChallengePurpose,
): Promise<Challenge | undefined> {
  const [row] = await db.query<{
    user_id: number | null;
    challenge: string | null;
    failures: number;
  }>(
    `SELECT user_id, challenge, failures FROM auth_challenges
      WHERE id_hash = $1 AND purpose = $2 AND expires_at > now()`,
    [hashSecret(id), purpose],
  );
  if (!row) return undefined;
  return {
    userId: row.user_id === null ? null : Number(row.user_id),
    challenge: row.challenge,
    failures: Number(row.failures),
  };
}

/** A half-done sign-in takes this many codes; then the password is asked again. */
export const MAX_CODE_FAILURES = 5;

/**
 * Issue 32 point 4: takes one of the half-done sign-in's MAX_CODE_FAILURES code attempts before the
 * code is checked, in one statement, so that of 20 codes sent at once at most 5 are checked. Returns
 * which attempt it is (1 to MAX_CODE_FAILURES), or undefined when none is left (or the sign-in is
 * over): then no code is checked, and a right one is refused as a wrong one is. A used-up challenge
 * stays until it expires, so its later codes get the same answer as its last.
 */
export async function reserveCodeAttempt(db: Writer, id: string): Promise<number | undefined> {
  const [row] = await db.query<{ failures: number }>(
    `UPDATE auth_challenges SET failures = failures + 1
      WHERE id_hash = $1 AND purpose = 'second-factor' AND expires_at > now() AND failures < $2
      RETURNING failures`,
    [hashSecret(id), MAX_CODE_FAILURES],
  );
  return row ? Number(row.failures) : undefined;
}

/** Ends a challenge; true when this call ended it (a challenge is used once). */
export async function endChallenge(db: Writer, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM auth_challenges WHERE id_hash = $1 RETURNING purpose', [
    hashSecret(id),
  ]);
  return rows.length > 0;
}
