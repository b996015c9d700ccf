import type { FastifyPluginAsync } from 'fastify';
import { docsPage } from '../openapi/docs-page';
import { partnerOpenApi } from '../openapi/partner-openapi';

/** Issue 18 point 4: the partner API's OpenAPI document, and the same as a page for people. */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  // Both depend on the settings only: built once, at start.
  const document = partnerOpenApi(app.config);
  const json = JSON.stringify(document);
  const page = docsPage(document);

  app.get('/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(json),
  );
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
};
