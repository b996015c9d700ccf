/**
 * Every notification query starts with this key: one invalidation refreshes pages and the badge. A
 * file of its own: the sidebar's badge (on every signed-in page) needs it without the list's code.
 */
export const notificationsQueryKey = ['notifications'] as const;
