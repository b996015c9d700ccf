import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { Db } from './db/db';
import { HttpError } from './errors';
import { answerWithRequestId, loggerOptions } from './logging';
import { chainPlugin } from './plugins/chain';
import { mailPlugin } from './plugins/mail';
import { metricsPlugin } from './plugins/metrics';
import { partnerPlugin } from './plugins/partner';
import { passwordMailsPlugin } from './plugins/password-mails';
import { rateLimitPlugin, type Clock } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import {
  API_CACHE_CONTROL,
  securityHeaders,
  securityHeadersPlugin,
} from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { authRoutes } from './routes/auth';
import { campaignRoutes } from './routes/campaigns';
import { statementRoutes } from './routes/statement';
import { statsRoutes } from './routes/stats';
import { configRoutes } from './routes/config';
import { depositRoutes } from './routes/deposits';
import { healthRoutes } from './routes/health';
import { identityRoutes } from './routes/identity';
import { notificationRoutes } from './routes/notifications';
import { openApiRoutes } from './routes/openapi';
import { COINS, type CoinRegistry } from '../shared/coins';
import { partnerLinkRoutes } from './routes/partner-link';
import { partnerRoutes } from './routes/partner';
import { profileRoutes } from './routes/profile';
import { sessionRoutes } from './routes/sessions';
import { twoFactorRoutes } from './routes/two-factor';
import { passkeyRoutes } from './routes/passkeys';
import { userRoutes } from './routes/user';
import { unknownPathAnswer } from './unknown-paths';

export interface AppDeps {
  config: Config;
  db: Db;
  /** More routes under /api, given by the caller: development tools (src/dev), never in production. */
  devRoutes?: FastifyPluginAsync;
  /** The rate limits' clock: tests move it instead of waiting (the stores' own clock otherwise). */
  rateLimitClock?: Clock;
  /** The coins deposits take: src/shared/coins.ts unless a test adds a coin of its own. */
  coins?: CoinRegistry;
  /**
   * Issue 36: the server's notion of now (ms), for the account's days (time-zone changes, daily
   * budgets, end dates): tests set it to cross a midnight without waiting. Date.now otherwise.
   */
  clock?: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The coins deposits take (src/shared/coins.ts). */
    coins: CoinRegistry;
    /** Now (ms), by the app's clock (AppDeps.clock). */
    now: Clock;
  }
}

/** Builds the whole HTTP app: API under /api and, when built, the PWA on the same origin. */
export async function buildApp({
  config,
  db,
  devRoutes,
  rateLimitClock,
  coins = COINS,
  clock = Date.now,
}: AppDeps): Promise<FastifyInstance> {
  const headers = await securityHeaders(config.production);
  const app = Fastify({
    ...loggerOptions(config),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 64 * 1024,
    // A path with broken %-escapes never reaches a route, a hook or the error handler: same error
    // shape, and the headers every answer has (issue 32 finding 6: it had none).
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply)
        .headers(Object.fromEntries(headers))
        .header('Cache-Control', API_CACHE_CONTROL)
        .status(400)
        .send({ success: false, message: 'The request address is not valid' });
    },
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('coins', coins);
  app.decorate('now', clock);
  answerWithRequestId(app);
  if (config.trustProxy === false) warnOnceOfUntrustedProxy(app);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.body());
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
    const answer = existsSync(resolve(config.staticDir, 'index.html'))
      ? unknownPathAnswer(request.method, request.url)
      : 'not-found';
    if (answer === 'not-found')
      return reply.status(404).send({ success: false, message: 'Not found' });
    // The app's pages are the shell's; for another page-like path, the shell shows the Error page.
    return reply
      .status(answer === 'page' ? 200 : 404)
      .type('text/html')
      .sendFile('index.html');
  });

  await app.register(healthRoutes);
  await app.register(securityHeadersPlugin);
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(securityPlugin);
  await app.register(sessionPlugin);
  await app.register(rateLimitPlugin, { clock: rateLimitClock });
  await app.register(mailPlugin);
  await app.register(passwordMailsPlugin);
  await app.register(partnerPlugin);
  await app.register(metricsPlugin);
  await app.register(chainPlugin);
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(partnerLinkRoutes, { prefix: '/api' });
  await app.register(twoFactorRoutes, { prefix: '/api' });
  await app.register(passkeyRoutes, { prefix: '/api' });
  await app.register(sessionRoutes, { prefix: '/api' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(identityRoutes, { prefix: '/api' });
  await app.register(userRoutes, { prefix: '/api' });
  await app.register(configRoutes, { prefix: '/api' });
  await app.register(campaignRoutes, { prefix: '/api' });
  await app.register(statsRoutes, { prefix: '/api' });
  await app.register(statementRoutes, { prefix: '/api' });
  await app.register(partnerRoutes, { prefix: '/api' });
  await app.register(depositRoutes, { prefix: '/api' });
  await app.register(notificationRoutes, { prefix: '/api' });
  await app.register(openApiRoutes, { prefix: '/api' });
  if (devRoutes && !config.production) await app.register(devRoutes, { prefix: '/api/dev' });

  // Creator avatars of the catalogue (imported or generated by the dev seed) live in DATA_DIR/avatars.
  const avatarDir = resolve(config.dataDir, 'avatars');
  mkdirSync(avatarDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: avatarDir,
    prefix: '/avatars/',
    decorateReply: false,
    maxAge: '7d',
  });

  const staticDir = resolve(config.staticDir);
  if (existsSync(staticDir)) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      // The build writes .br and .gz copies of its text files (vite.config.ts precompress).
      preCompressed: true,
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
  if (
    code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    (error as { name?: string }).name === 'SyntaxError'
  )
    return 'Request body is not valid JSON';
  if (status === 429) return 'Too many attempts. Please wait a few minutes and try again.';
  return error instanceof Error ? error.message : 'Bad request';
}

/** Fastify's trustProxy of the TRUST_PROXY setting: a hop count trusts that many nearest proxies. */
function trustProxyOption(setting: Config['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/**
 * Requests that carry X-Forwarded-For while no proxy is trusted all come from the proxy's address:
 * every client would share one set of rate limits. Said once, so the operator sets TRUST_PROXY.
 */
function warnOnceOfUntrustedProxy(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      app.log.warn(
        'Requests carry X-Forwarded-For but TRUST_PROXY is none: every client shares the rate limits of the proxy address. Set TRUST_PROXY (see the README).',
      );
    }
    done();
  });
}
