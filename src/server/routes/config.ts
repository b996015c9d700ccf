import type { FastifyPluginAsync } from 'fastify';
import { health, publicConfig } from '../../shared/contract/config';
import { route } from '../route';

/** Public settings the client needs: partner name and slug, external links (design §5). */
export const configRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const answer = {
    success: true as const,
    data: {
      partnerSlug: config.partnerSlug,
      partnerName: config.partnerName,
      links: config.links,
    },
  };
  route(app, publicConfig)(async () => answer);
  route(app, health)(async () => ({ success: true, message: 'ok' }));
};
