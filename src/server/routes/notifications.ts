import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  deleteNotification,
  getNotifications,
  NOTIFICATION_MESSAGES,
  readAllNotifications,
  readNotification,
} from '../../shared/contract/notifications';
import { unreadNotificationsCount } from '../../shared/contract/unread-count';
import { REQUESTED_WITH, REQUESTED_WITH_HEADER } from '../../shared/requested-with';
import {
  countUnread,
  deleteNotifications,
  listNotifications,
  markAllRead,
  markRead,
} from '../domain/notifications';
import { forbidden, notFound } from '../errors';
import { requireUser, signedInUser } from '../plugins/session';
import { route } from '../route';

/**
 * read-all-notifications changes data over GET (spec §7), which the Origin check of the security
 * plugin does not cover. Issue 16: it needs the header our pages send, which another site's page
 * cannot send without a CORS preflight (never allowed here), and a link, image or form sends no
 * header at all; Sec-Fetch-Site, which older browsers do not send, is checked as well.
 */
function refuseCrossSite(request: FastifyRequest): void {
  if (
    request.headers[REQUESTED_WITH_HEADER] !== REQUESTED_WITH ||
    request.headers['sec-fetch-site'] === 'cross-site'
  ) {
    throw forbidden('Cross-origin requests are not allowed');
  }
}

/** The notification calls of spec §7; each reads or changes only the caller's own notifications. */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireUser);

  route(
    app,
    getNotifications,
  )(async ({ body, request, db }) => {
    const { data, pagination } = await listNotifications(db, signedInUser(request).id, {
      read: body.read ?? null,
      page: body.page,
    });
    return { success: true, message: NOTIFICATION_MESSAGES.listed, data, pagination };
  });

  route(
    app,
    unreadNotificationsCount,
  )(async ({ request, db }) => ({
    success: true,
    count: await countUnread(db, signedInUser(request).id),
  }));

  route(
    app,
    readNotification,
  )(async ({ body, request, db }) => {
    if (!(await markRead(db, signedInUser(request).id, body.notification_id))) {
      throw notFound(NOTIFICATION_MESSAGES.notFound);
    }
    return { success: true, message: NOTIFICATION_MESSAGES.read, count: 1 };
  });

  route(
    app,
    readAllNotifications,
  )(async ({ request, db }) => {
    refuseCrossSite(request);
    const count = await markAllRead(db, signedInUser(request).id);
    return { success: true, message: NOTIFICATION_MESSAGES.allRead, count };
  });

  route(
    app,
    deleteNotification,
  )(async ({ body, request, db }) => {
    const count = await deleteNotifications(db, signedInUser(request).id, body.notification_ids);
    return { success: true, message: NOTIFICATION_MESSAGES.deleted, count };
  });
};
