import type { FastifyPluginAsync } from 'fastify';
import {
  DeleteTransactionBody,
  DEPOSIT_MESSAGES,
  TopUpBalanceBody,
  TransactionsFilterBody,
  VerifyTransactionBody,
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
import { parseBody } from '../validate';

/** The deposit calls of spec §7 (design §2); each acts on the signed-in advertiser's own deposits. */
export const depositRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  app.addHook('preHandler', requireUser);
  const chain = () => {
    if (!app.chain) throw chainUnavailable();
    return app.chain;
  };

  app.post('/top-up-balance-v2', async (request, reply) => {
    const body = parseBody(TopUpBalanceBody, request.body);
    const deposit = await createDeposit(db, chain(), signedInUser(request).id, {
      amountCents: dollarsToCents(body.amount),
      coinType: body.coinType,
    });
    return reply
      .status(201)
      .send({ success: true, message: DEPOSIT_MESSAGES.created, data: toTransaction(deposit) });
  });

  app.post('/verify-transaction-v2', async (request) => {
    const body = parseBody(VerifyTransactionBody, request.body);
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

  app.post('/delete-transaction', async (request) => {
    const { transaction_id } = parseBody(DeleteTransactionBody, request.body);
    await deletePendingDeposit(db, signedInUser(request).id, transaction_id);
    return { success: true, message: DEPOSIT_MESSAGES.deleted };
  });

  app.post('/get-all-user-transactions', async (request) => {
    const { action } = parseBody(TransactionsFilterBody, request.body);
    return {
      success: true,
      message: DEPOSIT_MESSAGES.listed,
      // Only reads: db.read keeps the read cache's answers standing (db/read-cache.ts).
      data: await listTransactions(db.read, signedInUser(request).id, action),
    };
  });
};
