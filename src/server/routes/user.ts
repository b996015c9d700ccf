import type { FastifyPluginAsync } from 'fastify';
import { getUserDetails } from '../../shared/contract/user-details';
import { toApiUser } from '../domain/auth/users';
import { route } from '../route';
import { requireUser, signedInUser } from '../plugins/session';

/** Spec §7 GET /api/get-user-details. Register with the prefix `/api`. */
export const userRoutes: FastifyPluginAsync = async (app) => {
  route(app, getUserDetails, { preHandler: requireUser })(async ({ request, db }) => ({
    success: true,
    message: 'User details fetched successfully',
    data: await toApiUser(db, signedInUser(request)),
  }));
};
