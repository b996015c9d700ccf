import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, HttpError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Design §3: state-changing calls accept only JSON and check Origin, so a cross-site form cannot
 * ride on the session cookie.
 */
export const securityPlugin = fp(async (app) => {
  const allowedOrigins = new Set([new URL(app.config.appUrl).origin]);
  // A callback hook, not an async one: every request passes here, most (reads) straight through.
  app.addHook('onRequest', (request, _reply, done) => done(refusal(request, allowedOrigins)));
});

/** Why a request is refused before routing, or undefined when it may go on. */
function refusal(request: FastifyRequest, allowedOrigins: Set<string>): HttpError | undefined {
  if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
  if (request.url.startsWith('/api/partner/')) return; // server-to-server, HMAC-signed instead
  const origin = request.headers.origin;
  if (origin !== undefined && !allowedOrigins.has(origin) && !isRequestOrigin(origin, request)) {
    return forbidden('Cross-origin requests are not allowed');
  }
  const type = request.headers['content-type'];
  const hasBody =
    Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'];
  if (hasBody && !(type ?? '').toLowerCase().startsWith('application/json')) {
    return new HttpError(415, 'Requests must be sent as JSON');
  }
}

/**
 * Whether `origin` is the origin of the address the request came to (a phone trying the development
 * server on the LAN, where APP_URL says localhost): scheme, host and port. Issue 32 finding 6: the
 * host alone was compared, so http://host passed for an app served on https://host.
 */
function isRequestOrigin(origin: string, request: FastifyRequest): boolean {
  const host = request.headers.host;
  if (host === undefined) return false;
  try {
    return new URL(origin).origin === new URL(`${request.protocol}://${host}`).origin;
  } catch {
    return false;
  }
}
