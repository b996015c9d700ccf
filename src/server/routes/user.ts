import type { FastifyPluginAsync } from 'fastify';
import {
  getAccountTimeZone,
  setAccountTimeZone,
  TIME_ZONE_MESSAGES,
  type AccountTimeZone as ApiTimeZone,
} from '../../shared/contract/account-time-zone';
import { getUserDetails } from '../../shared/contract/user-details';
import { accountTimeZone, changeTimeZone, type AccountTimeZone } from '../domain/auth/time-zones';
import { toApiUser } from '../domain/auth/users';
import { route } from '../route';
import { requireUser, signedInUser } from '../plugins/session';

function toApiTimeZone(zone: AccountTimeZone): ApiTimeZone {
  return {
    time_zone: zone.timeZone,
    chosen: zone.chosen,
    next: zone.next
      ? { time_zone: zone.next.timeZone, from: new Date(zone.next.from).toISOString() }
      : null,
  };
}

/** Spec §7 GET /api/get-user-details, and the account's time zone (issue 36). Prefix `/api`. */
export const userRoutes: FastifyPluginAsync = async (app) => {
  route(app, getUserDetails, { preHandler: requireUser })(async ({ request, db }) => ({
    success: true,
    message: 'User details fetched successfully',
    data: await toApiUser(db, signedInUser(request)),
  }));

  route(app, getAccountTimeZone, { preHandler: requireUser })(async ({ request, db }) => ({
    success: true,
    message: TIME_ZONE_MESSAGES.read,
    data: toApiTimeZone(await accountTimeZone(db, signedInUser(request).id, app.now())),
  }));

  route(app, setAccountTimeZone, { preHandler: requireUser })(async ({ body, request, db }) => {
    const now = app.now();
    const userId = signedInUser(request).id;
    const { change, before, zone } = await changeTimeZone(db, userId, body.time_zone, now);
    return {
      success: true,
      message:
        change === 'changes'
          ? TIME_ZONE_MESSAGES.changes(body.time_zone, before.timeZone)
          : TIME_ZONE_MESSAGES[change](body.time_zone),
      data: toApiTimeZone(zone),
    };
  });
};
