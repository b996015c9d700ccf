import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { createChain, type Chain } from '../domain/deposits/chain';
import { createAddressDeriver } from '../domain/deposits/deposit-addresses';
import { createDepositWatcher, type DepositWatcher } from '../domain/deposits/deposit-watcher';
import type { DepositSettings } from '../domain/deposits/deposits';

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
          coins: app.coins,
          onError: (error) => app.log.warn({ err: error }, 'chain call failed'),
        })
      : undefined;
    app.decorate('chain', chain);
    app.decorate('depositSettings', {
      deriveAddress: createAddressDeriver(config.depositXpub),
      stablecoinWindowHours: config.stablecoinPaymentWindowHours,
      coins: app.coins,
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
          coins: app.coins,
        })
      : undefined;
    app.decorate('depositWatcher', watcher);
    app.addHook('onClose', async () => watcher?.stop());
    // Issue 33: which trace method the node offers for ETH from contracts, probed and logged at
    // start (before the start banner: the development log stays quiet after it). A node that does
    // not answer in time is probed again by the watcher's first pass.
    if (chain) app.addHook('onReady', async () => logTraceMode(app.log, chain));
  },
  { dependencies: ['metrics'] },
);

/** How long the start waits for the node to say which traces it offers. */
const TRACE_PROBE_MS = 3000;

async function logTraceMode(log: FastifyBaseLogger, chain: Chain): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>(
    (resolve) => (timer = setTimeout(() => resolve('late'), TRACE_PROBE_MS)),
  );
  try {
    const mode = await Promise.race([chain.traceMode(), late]);
    if (mode === 'late') {
      log.warn('deposit watcher: the node did not say in time which traces it offers');
    } else if (mode === 'none') {
      log.warn(
        'deposit watcher: the node offers no traces: ETH from contracts is found by balance, with no sender (sweeps must fund deposit addresses by direct transactions)',
      );
    } else {
      log.info(`deposit watcher: ETH from contracts is found in the node's traces (${mode})`);
    }
  } catch (error) {
    log.warn({ err: error }, 'deposit watcher: could not ask the node which traces it offers');
  } finally {
    clearTimeout(timer);
  }
}
