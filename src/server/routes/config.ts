import type { FastifyPluginAsync } from 'fastify';
import type { PublicConfigResponse } from '../../shared/contract/config';

/** Public settings the client needs: partner name and slug, external links (design §5). */
export const configRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const answer: PublicConfigResponse = {
    success: true,
    data: {
      partnerSlug: config.partnerSlug,
      partnerName: config.partnerName,
      links: config.links,
    },
  };
  app.get('/config', async () => answer);
  app.get('/health', async () => ({ success: true, message: 'ok' }));
};
