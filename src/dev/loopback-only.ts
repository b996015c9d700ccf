import type { FastifyRequest } from 'fastify';
import { notFound } from '../server/errors';

/** This machine as a socket names it: IPv4, IPv6, and IPv4 mapped into IPv6 (a dual-stack listener). */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Issue 16: the development routes answer only a caller on this machine (`npm run dev:pay`); to any
 * other they do not exist (the app's own 404). The socket's address, never request.ip, which
 * X-Forwarded-For sets when TRUST_PROXY is on.
 */
export function refuseUnlessLoopback(request: FastifyRequest): void {
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) throw notFound('Not found');
}
