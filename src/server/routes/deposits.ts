import type { FastifyPluginAsync } from 'fastify';
import {
  deleteTransaction,
  DEPOSIT_MESSAGES,
  getAllUserTransactions,
  getTransaction,
  partPaidMessage,
  topUpBalance,
  underpaidMessage,
  verifyTransaction,
} from '../../shared/contract/deposits';
import { dollarsToCents } from '../../shared/money';
import {
  findTransactionDetail,
  listTransactions,
  toTransaction,
} from '../domain/deposits/deposit-views';
import { depositReceipt } from '../domain/deposits/deposit-receipts';
import { chainUnavailable, createDeposit, deletePendingDeposit } from '../domain/deposits/deposits';
import { badRequest, notFound } from '../errors';
import { requireUser, signedInUser } from '../plugins/session';
import { route } from '../route';

/** The deposit calls of spec §7 (design §2); each acts on the signed-in advertiser's own deposits. */
export const depositRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireUser);
  const confirmations = app.config.confirmations;
  const chain = () => {
    if (!app.chain) throw chainUnavailable();
    return app.chain;
  };

  route(
    app,
    topUpBalance,
  )(async ({ body, request, reply, db }) => {
    const deposit = await createDeposit(
      db,
      chain(),
      app.depositSettings,
      signedInUser(request).id,
      {
        amountCents: dollarsToCents(body.amount),
        coinType: body.coinType,
        replaces: body.replaces,
      },
    );
    reply.status(201);
    return {
      success: true,
      message: DEPOSIT_MESSAGES.created,
      data: toTransaction(deposit, confirmations, app.coins),
    };
  });

  // The watcher finds payments by itself; this hurries it and answers with what it knows. Asking
  // again is harmless (a transfer credits once, ever), and a kept answer would hide a later payment.
  route(app, verifyTransaction, { idempotency: 'ignore' })(async ({ body, request, db }) => {
    chain();
    await app.depositWatcher!.syncNow();
    const deposit = await findTransactionDetail(
      db.read,
      signedInUser(request).id,
      body.crmTransactionId,
      confirmations,
      app.coins,
    );
    if (!deposit) throw notFound(DEPOSIT_MESSAGES.notFound);
    if (deposit.status === 'failed') {
      throw badRequest(
        deposit.creditedAmount === 0 ? DEPOSIT_MESSAGES.expired : underpaidMessage(deposit),
      );
    }
    if (deposit.status === 'pending') {
      if (deposit.confirmations) throw badRequest(DEPOSIT_MESSAGES.awaitingConfirmations);
      if (deposit.receivedAmount !== '0.000000') throw badRequest(partPaidMessage(deposit));
      throw badRequest(DEPOSIT_MESSAGES.notFoundYet);
    }
    const { transfers: _transfers, ...transaction } = deposit;
    return { success: true, message: DEPOSIT_MESSAGES.verified, data: transaction };
  });

  route(
    app,
    deleteTransaction,
  )(async ({ body, request, db }) => {
    await deletePendingDeposit(db, app.coins, signedInUser(request).id, body.transaction_id);
    return { success: true, message: DEPOSIT_MESSAGES.deleted };
  });

  route(
    app,
    getTransaction,
  )(async ({ body, request, db }) => {
    const userId = signedInUser(request).id;
    const deposit = await findTransactionDetail(
      db,
      userId,
      body.transaction_id,
      confirmations,
      app.coins,
    );
    if (!deposit) throw notFound(DEPOSIT_MESSAGES.notFound);
    const receipt = await depositReceipt(db, deposit, userId, app.config.receiptIssuer, app.coins);
    return { success: true, message: DEPOSIT_MESSAGES.fetched, data: { ...deposit, receipt } };
  });

  route(
    app,
    getAllUserTransactions,
  )(async ({ body, request, db }) => ({
    success: true,
    message: DEPOSIT_MESSAGES.listed,
    data: await listTransactions(
      db,
      signedInUser(request).id,
      body.action,
      confirmations,
      app.coins,
    ),
  }));
};
