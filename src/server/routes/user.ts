import type { FastifyPluginAsync } from 'fastify';
import type { UserDetailsResponse } from '../../shared/contract/user';
import { toApiUser } from '../domain/users';
import { requireUser, signedInUser } from '../plugins/session';

/** Spec §7 GET /api/get-user-details. Register with the prefix `/api`. */
export const userRoutes: FastifyPluginAsync = async (app) => {
  app.get('/get-user-details', { preHandler: requireUser }, async (request) => {
    const answer: UserDetailsResponse = {
      success: true,
      message: 'User details fetched successfully',
      // Only reads: db.read keeps the read cache's answers standing (db/read-cache.ts).
      data: await toApiUser(app.db.read, signedInUser(request)),
    };
    return answer;
  });
};
