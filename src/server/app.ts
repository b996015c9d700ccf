import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { Db } from './db/db';
import { HttpError } from './errors';
import { securityPlugin } from './plugins/security';
import { configRoutes } from './routes/config';

export interface AppDeps {
  config: Config;
  db: Db;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
}

/** Builds the whole HTTP app: API under /api and, when built, the PWA on the same origin. */
export async function buildApp({ config, db }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.cookie', 'req.body.password'] },
    trustProxy: config.production,
    bodyLimit: 64 * 1024,
  });
  app.decorate('config', config);
  app.decorate('db', db);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ success: false, message: error.message });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ success: false, message: clientErrorMessage(error, status) });
    }
    request.log.error(error);
    return reply.status(500).send({ success: false, message: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || !existsSync(resolve(config.staticDir, 'index.html'))) {
      return reply.status(404).send({ success: false, message: 'Not found' });
    }
    // Client-side routes: the SPA shell answers every other path.
    return reply.type('text/html').sendFile('index.html');
  });

  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(securityPlugin);
  await app.register(configRoutes, { prefix: '/api' });

  const staticDir = resolve(config.staticDir);
  if (existsSync(staticDir)) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      setHeaders: (reply, path) => {
        // The worker and the shell must always be fresh; hashed assets may be cached for ever.
        if (/\/assets\//.test(path))
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        else reply.header('Cache-Control', 'no-cache');
      },
    });
  }
  return app;
}

function clientErrorMessage(error: unknown, status: number): string {
  const code = (error as { code?: string }).code;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'Request body is too large';
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Requests must be sent as JSON';
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (error as { name?: string }).name === 'SyntaxError')
    return 'Request body is not valid JSON';
  if (status === 429) return 'Too many attempts. Please wait a few minutes and try again.';
  return error instanceof Error ? error.message : 'Bad request';
}
