import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devChainRoutes } from '@/dev/dev-chain';
import { buildApp } from '@/server/app';
import { accountRow } from '../../helpers/factories';
import { useTestApp } from '../../helpers/fixtures';
import { databaseKinds } from '../../helpers/server';

const WALLET = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';
const NOT_FOUND = { success: false, message: 'Not found' };

/**
 * Issue 16: the development routes (`npm run dev:pay`'s GET /api/dev/deposits/:id) answer only a
 * caller on this machine; to anyone else they do not exist. Addresses are set through inject's
 * `remoteAddress`, which is what the route sees as its socket's address.
 */
describe.each(databaseKinds())('development routes on %s', (kind) => {
  const t = useTestApp(kind);
  let devApp: FastifyInstance;
  let depositId: number;

  beforeAll(async () => {
    // One proxy trusted: request.ip would then follow X-Forwarded-For; the check must not.
    devApp = await buildApp({
      config: { ...t.server.config, trustProxy: 1 },
      db: t.db,
      devRoutes: devChainRoutes,
    });
    const user = await accountRow(t.db, { name: 'dev' });
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO deposits (user_id, coin_type, amount_cents, expected_units, chain_id,
          wallet_address, from_block)
        VALUES ($1, 'usdc', 10000, 100000000, 1, '${WALLET}', 20) RETURNING id`,
      [user.id],
    );
    depositId = Number(row!.id);
  });
  afterAll(async () => {
    await devApp?.close();
  });

  const getDeposit = (remoteAddress: string, id = depositId, headers = {}) =>
    devApp.inject({ method: 'GET', url: `/api/dev/deposits/${id}`, remoteAddress, headers });

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('answers a caller on %s', async (address) => {
    const response = await getDeposit(address);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      data: { id: depositId, coinType: 'usdc', status: 'pending', to: WALLET },
    });
  });

  it('still says so when the deposit does not exist', async () => {
    const response = await getDeposit('127.0.0.1', 999_999);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Transaction not found' });
  });

  it.each(['10.0.0.7', '192.168.1.20', '203.0.113.9', '::ffff:10.0.0.7', 'fe80::1'])(
    'does not exist for a caller on %s',
    async (address) => {
      for (const id of [depositId, 999_999]) {
        const response = await getDeposit(address, id);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
      }
    },
  );

  it('answers another machine exactly as a path that does not exist, whatever its headers say', async () => {
    const absent = await devApp.inject({
      method: 'GET',
      url: '/api/dev/no-such-route',
      remoteAddress: '10.0.0.7',
    });
    const refused = await getDeposit('10.0.0.7', depositId, {
      'x-forwarded-for': '127.0.0.1',
      host: 'localhost',
    });
    expect([refused.statusCode, refused.json()]).toEqual([absent.statusCode, absent.json()]);
    expect(refused.json()).toEqual(NOT_FOUND);
  });
});
