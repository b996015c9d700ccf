import * as v from 'valibot';
import { endpoint } from './endpoint';

/** Spec §3 Notification. `updatedAt` is when it was opened (marked read) once it is read. */
export const Notification = v.object({
  id: v.number(),
  message: v.string(),
  read: v.boolean(),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Notification = v.InferOutput<typeof Notification>;

/** Spec §3 Pagination: pages of NOTIFICATIONS_PAGE_SIZE (5, shared/constants), counted by the server. */
export const Pagination = v.object({
  currentPage: v.number(),
  totalPages: v.number(),
  totalItems: v.number(),
  itemsPerPage: v.number(),
});
export type Pagination = v.InferOutput<typeof Pagination>;

export const NOTIFICATION_MESSAGES = {
  listed: 'Notifications fetched successfully',
  read: 'Notification marked as read',
  allRead: 'All notifications marked as read',
  deleted: 'Notifications deleted successfully',
  notFound: 'Notification not found',
  invalidId: 'Please choose a notification',
  invalidIds: 'Please choose at least one notification',
  invalidPage: 'Page must be a whole number of at least 1',
  invalidRead: 'read must be true, false or omitted',
} as const;

/** A notification id, as a number or a string of digits. */
const NotificationId = v.pipe(
  v.union(
    [
      v.number(NOTIFICATION_MESSAGES.invalidId),
      v.pipe(v.string(), v.regex(/^\d{1,15}$/, NOTIFICATION_MESSAGES.invalidId)),
    ],
    NOTIFICATION_MESSAGES.invalidId,
  ),
  v.transform(Number),
  v.integer(NOTIFICATION_MESSAGES.invalidId),
  v.minValue(1, NOTIFICATION_MESSAGES.invalidId),
  v.maxValue(Number.MAX_SAFE_INTEGER, NOTIFICATION_MESSAGES.invalidId),
);

/**
 * POST /api/get-notifications: newest first. `read` true or false filters, omitted (or null) lists
 * all. A page past the last answers the last page (`currentPage` says which one was sent), so a
 * client that deleted the whole last page lands on the one before it.
 */
export const GetNotificationsBody = v.object({
  read: v.nullish(v.boolean(NOTIFICATION_MESSAGES.invalidRead)),
  page: v.optional(
    v.pipe(
      v.number(NOTIFICATION_MESSAGES.invalidPage),
      v.integer(NOTIFICATION_MESSAGES.invalidPage),
      v.minValue(1, NOTIFICATION_MESSAGES.invalidPage),
      v.maxValue(1_000_000, NOTIFICATION_MESSAGES.invalidPage),
    ),
    1,
  ),
});
export type GetNotificationsBody = v.InferInput<typeof GetNotificationsBody>;

export const NotificationsResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  data: v.array(Notification),
  pagination: Pagination,
});
export type NotificationsResponse = v.InferOutput<typeof NotificationsResponse>;

/**
 * POST /api/read-notification: marks one of the caller's notifications read (updatedAt = when it was
 * first opened; reading it again changes nothing). Unknown or another user's id: 404 "Notification
 * not found", and nothing changes.
 */
export const ReadNotificationBody = v.object({ notification_id: NotificationId });

/**
 * POST /api/delete-notification: deletes those of the ids that are the caller's own. Ids of other
 * users (or unknown ones) are ignored: they count 0 in `count`, and nothing of theirs changes.
 */
export const DeleteNotificationBody = v.object({
  notification_ids: v.pipe(
    v.array(NotificationId, NOTIFICATION_MESSAGES.invalidIds),
    v.minLength(1, NOTIFICATION_MESSAGES.invalidIds),
    v.maxLength(100, 'At most 100 notifications can be deleted at once'),
  ),
});

/** Answer of read-notification, read-all-notifications (count = how many changed) and delete. */
export const NotificationChangeResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  count: v.number(),
});

/** One page of 5, newest first, with the server's pagination. */
export const getNotifications = endpoint({
  method: 'POST',
  path: 'get-notifications',
  body: GetNotificationsBody,
  response: NotificationsResponse,
  access: 'read',
  offline: true,
});

export const readNotification = endpoint({
  method: 'POST',
  path: 'read-notification',
  body: ReadNotificationBody,
  response: NotificationChangeResponse,
  access: 'write',
});

/** Mark All Read: a GET that changes state (spec §7). */
export const readAllNotifications = endpoint({
  method: 'GET',
  path: 'read-all-notifications',
  response: NotificationChangeResponse,
  access: 'write',
});

/** One, the selected, or all on the page. */
export const deleteNotification = endpoint({
  method: 'POST',
  path: 'delete-notification',
  body: DeleteNotificationBody,
  response: NotificationChangeResponse,
  access: 'write',
});
