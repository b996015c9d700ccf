import Fastify from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/**
 * Security headers on every answer (issue 6): a Content-Security-Policy that allows scripts, workers,
 * styles and the manifest from our own origin only (no inline script: the PWA has none; inline styles
 * are allowed, see styleSrc), no framing by any site, and helmet's usual others (nosniff, no
 * referrer, same-origin opener and resources). Creator avatars may come from the partner's image
 * host, hence https: images.
 */
function helmetOptions(production: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'"],
        // The dialogs' scroll lock (react-remove-scroll, under Radix Dialog) adds a <style> element whose
        // text depends on the scrollbar width, so no hash can name it. Scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        // Over plain http (development, tests) an upgrade would break every request.
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
  };
}

/**
 * The headers helmet writes with these options, read once from a request to a throwaway instance:
 * they depend on no request (no CSP nonces), and helmet rebuilds them from the options on every
 * request, a cost each answer would pay for the same strings.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify();
  await probe.register(helmet, options);
  let headers: [string, string][] = [];
  probe.addHook('onRequest', (_request, reply, done) => {
    // Node's own method (names as helmet spelled them); @types/node does not declare it.
    const raw = reply.raw as typeof reply.raw & { getRawHeaderNames(): string[] };
    headers = raw.getRawHeaderNames().map((name) => [name, String(raw.getHeader(name))]);
    done();
  });
  probe.get('/', async () => '');
  await probe.inject('/');
  await probe.close();
  return headers;
}

const computed = new Map<boolean, Promise<[string, string][]>>();

/** Every answer's security headers (helmet's and the Permissions-Policy), worked out once per mode. */
export function securityHeaders(production: boolean): Promise<[string, string][]> {
  let headers = computed.get(production);
  if (!headers) {
    headers = helmetHeaders(helmetOptions(production)).then((helmet) => [
      ...helmet,
      ['Permissions-Policy', PERMISSIONS_POLICY],
    ]);
    computed.set(production, headers);
  }
  return headers;
}

/**
 * Issue 32 finding 6: an API answer is about its caller (a session's user, their campaigns and
 * money) or an error, so no cache on the way keeps it: `no-store`, unless a route says otherwise. The
 * worker's offline copies are its own (sw/api-cache.ts puts them in the Cache API, which ignores
 * Cache-Control).
 */
export const API_CACHE_CONTROL = 'no-store';

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Writes them on every answer, and `Cache-Control: no-store` on API answers. A request Fastify
 * refuses before any hook (a malformed URL) gets them in app.ts's frameworkErrors.
 */
export const securityHeadersPlugin = fp(async (app) => {
  const headers = await securityHeaders(app.config.production);
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    if (isApiPath(request.url)) reply.header('Cache-Control', API_CACHE_CONTROL);
    done();
  });
});
