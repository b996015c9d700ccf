import {
  alreadyLinkedMessage,
  PARTNER_LINK_MESSAGES,
  partnerTakenMessage,
} from '../../../shared/contract/partner-link';
import type { Db, Reader, Tx } from '../../db/db';
import { badRequest, conflict } from '../../errors';
import { hashSecret, newSecret } from './secrets';

/**
 * Issue 16 point 5, free of HTTP: a partner account whose e-mail belongs to a local account is linked
 * to it only by that account's owner, signed in, through a link mailed to the e-mail. A link lives as
 * long as a verification link (design §3: 24 hours) and works once; only its hash is stored.
 */
export const PARTNER_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** At most one link mail per account in this time: partner logins cannot flood the owner's inbox. */
export const PARTNER_LINK_MAIL_INTERVAL_MS = 10 * 60 * 1000;

/** PostgreSQL's unique_violation: another account has the partner username by now. */
const UNIQUE_VIOLATION = '23505';

export type PartnerLinkRequest =
  /** A new link, to mail to the account's e-mail. */
  | { token: string }
  /** A link was mailed to the account less than 10 minutes ago: no second mail. */
  | 'mailed-recently'
  /** The account signs in with another partner account: one per account, nothing to offer. */
  | 'linked-elsewhere';

/**
 * Issues a link that would link `partnerUsername` to the account, unless the account is linked
 * already or was mailed one within 10 minutes. The account's row is locked first, so racing partner
 * logins are counted one after the other and mail once.
 */
export async function requestPartnerLink(
  db: Db,
  userId: number,
  partnerUsername: string,
): Promise<PartnerLinkRequest> {
  return db.transaction(async (tx) => {
    const [user] = await tx.query<{ partner_username: string | null }>(
      'SELECT partner_username FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    if (!user || user.partner_username !== null) return 'linked-elsewhere';
    const recent = await tx.query(
      `SELECT 1 FROM partner_links
        WHERE user_id = $1 AND created_at > now() - make_interval(secs => $2::double precision)
        LIMIT 1`,
      [userId, PARTNER_LINK_MAIL_INTERVAL_MS / 1000],
    );
    if (recent.length > 0) return 'mailed-recently';
    const token = newSecret();
    await tx.query(
      `INSERT INTO partner_links (token_hash, user_id, partner_username, expires_at)
       VALUES ($1, $2, $3, $4)`,
      [hashSecret(token), userId, partnerUsername, new Date(Date.now() + PARTNER_LINK_TTL_MS)],
    );
    return { token };
  });
}

/** The partner username of the caller's own live link; 400 for any other token. */
export async function findPartnerLink(db: Reader, userId: number, token: string): Promise<string> {
  const [link] = await db.query<{ partner_username: string }>(
    `SELECT partner_username FROM partner_links
      WHERE token_hash = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now()`,
    [hashSecret(token), userId],
  );
  if (!link) throw badRequest(PARTNER_LINK_MESSAGES.invalidLink);
  return link.partner_username;
}

/**
 * Links the partner account of the caller's own live link to the caller's account and spends the
 * link, in one transaction. 400 when the link is unknown, used, expired or another account's (which
 * stays unused: whoever holds it cannot spend it for its owner); 409, the link unspent, when the
 * account is linked to another partner account or another account has this one by now.
 */
export async function linkPartnerAccount(
  db: Db,
  userId: number,
  token: string,
  partnerName: string,
): Promise<void> {
  try {
    await db.transaction((tx) => link(tx, userId, token, partnerName));
  } catch (error) {
    // Another account took the partner username between the check and the write.
    if ((error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION)
      throw conflict(partnerTakenMessage(partnerName));
    throw error;
  }
}

async function link(tx: Tx, userId: number, token: string, partnerName: string): Promise<void> {
  const [spent] = await tx.query<{ partner_username: string }>(
    `UPDATE partner_links SET used_at = now()
      WHERE token_hash = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING partner_username`,
    [hashSecret(token), userId],
  );
  if (!spent) throw badRequest(PARTNER_LINK_MESSAGES.invalidLink);
  const partnerUsername = spent.partner_username;
  const [user] = await tx.query<{ partner_username: string | null }>(
    'SELECT partner_username FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  const current = user?.partner_username ?? null;
  // Two links mailed for the same partner account: the second finds the work done.
  if (current?.toLowerCase() === partnerUsername.toLowerCase()) return;
  if (current !== null) throw conflict(alreadyLinkedMessage(partnerName));
  // Checked first (NOT EXISTS), so that the usual refusal is an answer, not a failed statement; the
  // unique index still decides a race (caught in linkPartnerAccount).
  const linked = await tx.query(
    `UPDATE users SET partner_username = $2, updated_at = now()
      WHERE id = $1
        AND NOT EXISTS (SELECT 1 FROM users WHERE lower(partner_username) = lower($2))
      RETURNING id`,
    [userId, partnerUsername],
  );
  if (linked.length === 0) throw conflict(partnerTakenMessage(partnerName));
}
