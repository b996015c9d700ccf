import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { partnerCategories, partnerClicks, partnerPlacements } from '../../shared/contract/partner';
import { listCategories } from '../domain/campaigns/campaigns';
import { clickRulesOf, recordClicks } from '../domain/clicks';
import {
  checkPartnerSignature,
  SIGNATURE_HEADER,
  SIGNATURE_MESSAGES,
  TIMESTAMP_HEADER,
} from '../domain/auth/partner-signature';
import { placementsFor } from '../domain/campaigns/placements';
import { badRequest, HttpError, notFound } from '../errors';
import { route } from '../route';

/** The partner site's side of design §5: placements to show, and click reports to bill. */
export const partnerRoutes: FastifyPluginAsync = async (app) => {
  const secret = app.config.partnerSecret;
  const rules = clickRulesOf(app.config.clicks, app.config.sessionSecret);
  // The signature covers the exact bytes sent, so keep the body as text until it is verified. Only
  // JSON is taken (Fastify would also read text/plain).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  // Every refused or failed partner call is logged, whatever the route's log level.
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode >= 400) {
      request.log.warn({ url: request.url, statusCode: reply.statusCode }, 'partner call failed');
    }
    done();
  });

  const verify = (request: FastifyRequest, signed: string) => {
    const result = checkPartnerSignature(
      secret,
      {
        timestamp: request.headers[TIMESTAMP_HEADER] as string | undefined,
        signature: request.headers[SIGNATURE_HEADER] as string | undefined,
      },
      signed,
    );
    if (result !== 'ok') throw new HttpError(401, SIGNATURE_MESSAGES[result]);
  };
  // Every call is signed: a GET over its path and query, a POST over its body's exact bytes, which
  // are read as JSON only once the signature holds.
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'POST') return verify(request, request.url);
    const raw = typeof request.body === 'string' ? request.body : '';
    verify(request, raw);
    try {
      request.body = JSON.parse(raw);
    } catch {
      throw badRequest('Request body is not valid JSON');
    }
  });

  // Reads go through the read handle: a partner polling placements leaves the read cache's kept
  // answers (sessions, campaign lists) standing.
  route(
    app,
    partnerCategories,
  )(async ({ db }) => ({
    success: true,
    categories: await listCategories(db),
  }));

  route(
    app,
    partnerPlacements,
  )(async ({ request, db }) => {
    const { category } = request.query as { category?: unknown };
    // A slug is plain text: a repeated parameter (a list) or a NUL names no category.
    if (typeof category !== 'string' || category.includes('\u0000')) {
      throw notFound('Unknown category');
    }
    const placements = await placementsFor(db, category, app.now());
    if (!placements) throw notFound('Unknown category');
    return { success: true, data: placements };
  });

  // The partner reports clicks in a steady stream of batches: each is logged only when it fails (the
  // hook above), not twice at info as a request.
  // Event ids already make a re-sent batch bill once: no Idempotency-Key (issue 14).
  // A full batch of events with every optional field at its longest is about 1.6 MB.
  route(app, partnerClicks, {
    bodyLimit: 2 * 1024 * 1024,
    logLevel: 'warn',
    idempotency: 'ignore',
  })(async ({ body, db }) => {
    const result = await recordClicks(
      db,
      body.events.map((event) => ({
        id: event.id,
        username: event.username,
        at: new Date(event.at),
        visitorId: event.visitor_id,
        userAgent: event.user_agent,
        ip: event.ip,
      })),
      rules,
    );
    // A batch sent again answers its known ids as duplicates: the metrics count each click once.
    app.metrics.clicksAnswered(result);
    return { success: true, ...result };
  });
};
