import { LOW_BALANCE_DOLLARS, NOTIFICATIONS_PAGE_SIZE } from '../../shared/constants';
import { formatCents, formatMoney } from '../../shared/money';
import type { Notification, Pagination } from '../../shared/contract/notifications';
import type { Reader, Writer } from '../db/db';

/**
 * Writes a notification for the user inside the caller's transaction, so it exists exactly when the
 * event it tells of does (design §2: deposits, campaigns, low balance).
 */
export async function notify(tx: Writer, userId: number, message: string): Promise<void> {
  await tx.query('INSERT INTO notifications (user_id, message) VALUES ($1, $2)', [userId, message]);
}

interface NotificationRow {
  id: number;
  message: string;
  read: boolean;
  created_at: Date;
  updated_at: Date;
  [key: string]: unknown;
}

function toNotification(row: NotificationRow): Notification {
  return {
    id: Number(row.id),
    message: row.message,
    read: row.read,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/**
 * One page of the user's notifications, newest first; `read` true or false filters, null lists all.
 * A page past the last answers the last one (spec §3: pagination comes from the server).
 */
export async function listNotifications(
  db: Reader,
  userId: number,
  filter: { read: boolean | null; page: number },
): Promise<{ data: Notification[]; pagination: Pagination }> {
  const [counted] = await db.query<{ total: number }>(
    `SELECT count(*)::bigint AS total FROM notifications
      WHERE user_id = $1 AND ($2::boolean IS NULL OR read = $2::boolean)`,
    [userId, filter.read],
  );
  const totalItems = Number(counted!.total);
  const totalPages = Math.ceil(totalItems / NOTIFICATIONS_PAGE_SIZE);
  const currentPage = Math.max(1, Math.min(filter.page, totalPages));
  const rows = await db.query<NotificationRow>(
    `SELECT id, message, read, created_at, updated_at FROM notifications
      WHERE user_id = $1 AND ($2::boolean IS NULL OR read = $2::boolean)
      ORDER BY created_at DESC, id DESC
      LIMIT $3 OFFSET $4`,
    [userId, filter.read, NOTIFICATIONS_PAGE_SIZE, (currentPage - 1) * NOTIFICATIONS_PAGE_SIZE],
  );
  return {
    data: rows.map(toNotification),
    pagination: { currentPage, totalPages, totalItems, itemsPerPage: NOTIFICATIONS_PAGE_SIZE },
  };
}

export async function countUnread(db: Reader, userId: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::bigint AS count FROM notifications WHERE user_id = $1 AND NOT read',
    [userId],
  );
  return Number(row!.count);
}

/**
 * Marks one of the user's notifications read. The first opening sets updatedAt ("Opened On");
 * opening it again keeps that date. False when the user has no notification with this id.
 */
export async function markRead(db: Writer, userId: number, id: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE notifications
        SET updated_at = CASE WHEN read THEN updated_at ELSE now() END, read = true
      WHERE id = $1 AND user_id = $2
      RETURNING id`,
    [id, userId],
  );
  return rows.length > 0;
}

/** Mark All Read: every unread notification of the user; answers how many changed. */
export async function markAllRead(db: Writer, userId: number): Promise<number> {
  const rows = await db.query(
    `UPDATE notifications SET read = true, updated_at = now()
      WHERE user_id = $1 AND NOT read
      RETURNING id`,
    [userId],
  );
  return rows.length;
}

/** Deletes those of `ids` that are the user's own; answers how many went. */
export async function deleteNotifications(
  db: Writer,
  userId: number,
  ids: number[],
): Promise<number> {
  const rows = await db.query(
    'DELETE FROM notifications WHERE user_id = $1 AND id = ANY($2::bigint[]) RETURNING id',
    [userId, ids],
  );
  return rows.length;
}

const clicks = (count: number) => `${count.toLocaleString('en-US')} click${count === 1 ? '' : 's'}`;

/** The texts of the campaign and balance events of design §2 (deposits write their own). */
export const NOTIFICATION_TEXTS = {
  campaignCreated: (profile: string, packageName: string, clickCount: number, cents: number) =>
    `Your campaign for ${profile} was created with ${packageName}: ${formatCents(cents)} buys ${clicks(clickCount)}.`,
  campaignNewPackage: (profile: string, packageName: string, clickCount: number, cents: number) =>
    `Your campaign for ${profile} was reactivated with a new package, ${packageName}: ${formatCents(cents)} buys ${clicks(clickCount)}.`,
  campaignPaused: (profile: string, refundCents: number) =>
    `Your campaign for ${profile} was paused. ${formatCents(refundCents)} left of its budget went back to your balance.`,
  campaignReactivated: (profile: string, cents: number, clickCount: number) =>
    `Your campaign for ${profile} was reactivated with ${formatCents(cents)}: ${clicks(clickCount)} remaining.`,
  campaignEndDate: (profile: string, endsOn: string, refundCents: number) =>
    `Your campaign for ${profile} ended after its end date, ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.parse(`${endsOn}T00:00:00Z`))}. ${formatCents(refundCents)} left of its budget went back to your balance.`,
  campaignClicksUsed: (profile: string, clickCount: number) =>
    `Your campaign for ${profile} ended: all ${clicks(clickCount)} purchased were used.`,
  lowBalance: (balanceCents: number) =>
    `Your balance is now ${formatCents(balanceCents)}, below ${formatMoney(LOW_BALANCE_DOLLARS)}. Top up your balance to keep using all features.`,
} as const;
