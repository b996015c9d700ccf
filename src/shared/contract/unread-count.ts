import * as v from 'valibot';
import { endpoint } from './endpoint';

/** GET /api/unread-notifications-count: the sidebar badge. */
export const UnreadCountResponse = v.object({ success: v.literal(true), count: v.number() });

export const unreadNotificationsCount = endpoint({
  method: 'GET',
  path: 'unread-notifications-count',
  response: UnreadCountResponse,
  access: 'read',
});
