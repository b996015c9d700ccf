import type { FastifyPluginAsync } from 'fastify';
import { health, publicConfig } from '../../shared/contract/config';
import { explorerOfChain } from '../config';
import { route } from '../route';

/** Public settings the client needs: partner name and slug, external links (design §5). */
export const configRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app;
  // The transaction link: the configured one, else the chain's, asked once it answers (issue 17).
  let explorerTx = config.links.explorerTx;
  const explorer = async (): Promise<string> => {
    if (explorerTx === undefined && app.chain) {
      explorerTx = await app.chain.chainId().then(explorerOfChain, () => undefined);
    }
    return explorerTx ?? '';
  };
  route(
    app,
    publicConfig,
  )(async () => ({
    success: true as const,
    data: {
      partnerSlug: config.partnerSlug,
      partnerName: config.partnerName,
      links: { ...config.links, explorerTx: await explorer() },
    },
  }));
  route(app, health)(async () => ({ success: true, message: 'ok' }));
};
