import type { FastifyPluginAsync } from 'fastify';
import { accountStatement } from '../../shared/contract/statement';
import * as statement from '../domain/statement';
import { requireUser, signedInUser } from '../plugins/session';
import { route } from '../route';

/** Issue 35: the signed-in advertiser's account statement (their own ledger rows only). */
export const statementRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireUser);

  route(
    app,
    accountStatement,
  )(async ({ body, request, db }) => ({
    success: true,
    ...(await statement.accountStatement(db, signedInUser(request).id, body)),
  }));
};
