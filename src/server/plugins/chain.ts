import fp from 'fastify-plugin';
import { createChain, type Chain } from '../domain/chain';
import { createAddressDeriver } from '../domain/deposit-addresses';
import { createDepositWatcher, type DepositWatcher } from '../domain/deposit-watcher';
import type { DepositSettings } from '../domain/deposits';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chain deposits are paid on; undefined when RPC_URL is not set. */
    chain: Chain | undefined;
    /** Finds payments to the deposit addresses; started by the server (src/server/server.ts). */
    depositWatcher: DepositWatcher | undefined;
    depositSettings: DepositSettings;
  }
}

/**
 * Design §2: viem against RPC_URL (the dev chain in development); each advertiser's deposit address is
 * derived from DEPOSIT_XPUB, and the watcher follows the chain for payments to them.
 */
export const chainPlugin = fp(
  async (app) => {
    const { config } = app;
    const chain = config.rpcUrl
      ? createChain({
          rpcUrl: config.rpcUrl,
          confirmations: config.confirmations,
          chainId: config.chainId,
          priceMaxAgeSeconds: config.priceMaxAgeSeconds,
          onError: (error) => app.log.warn({ err: error }, 'chain call failed'),
        })
      : undefined;
    app.decorate('chain', chain);
    app.decorate('depositSettings', {
      deriveAddress: createAddressDeriver(config.depositXpub),
      stablecoinWindowHours: config.stablecoinPaymentWindowHours,
    });
    const watcher = chain
      ? createDepositWatcher({
          db: app.db,
          chain,
          sweepFunders: config.sweepFunderAddresses.map((address) => address.toLowerCase()),
          pollMs: config.chainPollMs,
          reconcileSeconds: config.balanceReconcileSeconds,
          log: app.log,
          observer: app.metrics.depositWatcher,
        })
      : undefined;
    app.decorate('depositWatcher', watcher);
    app.addHook('onClose', async () => watcher?.stop());
  },
  { dependencies: ['metrics'] },
);
