import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  DeleteNotificationBody,
  GetNotificationsBody,
  NOTIFICATION_MESSAGES,
  ReadNotificationBody,
} from '../../shared/contract/notifications';
import {
  countUnread,
  deleteNotifications,
  listNotifications,
  markAllRead,
  markRead,
} from '../domain/notifications';
import { forbidden, notFound } from '../errors';
import { requireUser, signedInUser } from '../plugins/session';
import { parseBody } from '../validate';

/**
 * read-all-notifications changes data over GET (spec §7), which the Origin check of the security
 * plugin does not cover: refuse it when the browser says another site started the request.
 */
function refuseCrossSite(request: FastifyRequest): void {
  if (request.headers['sec-fetch-site'] === 'cross-site') {
    throw forbidden('Cross-origin requests are not allowed');
  }
}

/** The notification calls of spec §7; each reads or changes only the caller's own notifications. */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  // The two lists go through db.read: they leave the read cache's kept answers standing
  // (db/read-cache.ts), which every other statement, counted as a write, would drop.
  app.addHook('preHandler', requireUser);

  app.post('/get-notifications', async (request) => {
    const { read, page } = parseBody(GetNotificationsBody, request.body);
    const { data, pagination } = await listNotifications(db.read, signedInUser(request).id, {
      read: read ?? null,
      page,
    });
    return { success: true, message: NOTIFICATION_MESSAGES.listed, data, pagination };
  });

  app.get('/unread-notifications-count', async (request) => ({
    success: true,
    count: await countUnread(db.read, signedInUser(request).id),
  }));

  app.post('/read-notification', async (request) => {
    const { notification_id } = parseBody(ReadNotificationBody, request.body);
    if (!(await markRead(db, signedInUser(request).id, notification_id))) {
      throw notFound(NOTIFICATION_MESSAGES.notFound);
    }
    return { success: true, message: NOTIFICATION_MESSAGES.read, count: 1 };
  });

  app.get('/read-all-notifications', async (request) => {
    refuseCrossSite(request);
    const count = await markAllRead(db, signedInUser(request).id);
    return { success: true, message: NOTIFICATION_MESSAGES.allRead, count };
  });

  app.post('/delete-notification', async (request) => {
    const { notification_ids } = parseBody(DeleteNotificationBody, request.body);
    const count = await deleteNotifications(db, signedInUser(request).id, notification_ids);
    return { success: true, message: NOTIFICATION_MESSAGES.deleted, count };
  });
};
