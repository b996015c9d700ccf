import fp from 'fastify-plugin';
import { createChain, type Chain } from '../domain/chain';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chain deposits are paid on; undefined when RPC_URL or WALLET_ADDRESS is not set. */
    chain: Chain | undefined;
  }
}

/** Design §2: viem against RPC_URL (the dev chain in development), paying to WALLET_ADDRESS. */
export const chainPlugin = fp(async (app) => {
  const { config } = app;
  const chain =
    config.rpcUrl && config.walletAddress
      ? createChain({
          rpcUrl: config.rpcUrl,
          wallet: config.walletAddress,
          confirmations: config.confirmations,
          chainId: config.chainId,
          priceMaxAgeSeconds: config.priceMaxAgeSeconds,
          onError: (error) => app.log.warn({ err: error }, 'chain call failed'),
        })
      : undefined;
  app.decorate('chain', chain);
});
