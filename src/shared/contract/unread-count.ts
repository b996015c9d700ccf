import * as v from 'valibot';

/** GET /api/unread-notifications-count: the sidebar badge. */
export const UnreadCountResponse = v.object({ success: v.literal(true), count: v.number() });
