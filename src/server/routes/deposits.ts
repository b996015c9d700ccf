import type { FastifyPluginAsync } from 'fastify';
import {
  deleteTransaction,
  DEPOSIT_MESSAGES,
  getAllUserTransactions,
  topUpBalance,
  verifyTransaction,
} from '../../shared/contract/deposits';
import { dollarsToCents } from '../../shared/money';
import { listTransactions, toTransaction } from '../domain/deposit-views';
import {
  chainUnavailable,
  createDeposit,
  deletePendingDeposit,
  verifyDeposit,
} from '../domain/deposits';
import { badRequest } from '../errors';
import { requireUser, signedInUser } from '../plugins/session';
import { route } from '../route';

/** The deposit calls of spec §7 (design §2); each acts on the signed-in advertiser's own deposits. */
export const depositRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireUser);
  const chain = () => {
    if (!app.chain) throw chainUnavailable();
    return app.chain;
  };

  route(
    app,
    topUpBalance,
  )(async ({ body, request, reply, db }) => {
    const deposit = await createDeposit(db, chain(), signedInUser(request).id, {
      amountCents: dollarsToCents(body.amount),
      coinType: body.coinType,
    });
    reply.status(201);
    return { success: true, message: DEPOSIT_MESSAGES.created, data: toTransaction(deposit) };
  });

  route(
    app,
    verifyTransaction,
  )(async ({ body, request, db }) => {
    const outcome = await verifyDeposit(
      db,
      chain(),
      signedInUser(request).id,
      body.crmTransactionId,
      body.address,
    );
    if (outcome.status === 'failed') throw badRequest(DEPOSIT_MESSAGES.underpaid);
    if (outcome.status === 'expired') throw badRequest(DEPOSIT_MESSAGES.expired);
    if (outcome.status === 'pending') {
      throw badRequest(outcome.expired ? DEPOSIT_MESSAGES.expired : DEPOSIT_MESSAGES.notFoundYet);
    }
    return {
      success: true,
      message: DEPOSIT_MESSAGES.verified,
      data: toTransaction(outcome.deposit),
    };
  });

  route(
    app,
    deleteTransaction,
  )(async ({ body, request, db }) => {
    await deletePendingDeposit(db, signedInUser(request).id, body.transaction_id);
    return { success: true, message: DEPOSIT_MESSAGES.deleted };
  });

  route(
    app,
    getAllUserTransactions,
  )(async ({ body, request, db }) => ({
    success: true,
    message: DEPOSIT_MESSAGES.listed,
    data: await listTransactions(db, signedInUser(request).id, body.action),
  }));
};
