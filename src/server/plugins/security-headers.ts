import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers on every answer (issue 6): a Content-Security-Policy that allows scripts, workers,
 * styles and the manifest from our own origin only (no inline script: the PWA has none; inline styles
 * are allowed, see styleSrc), no framing by any site, and helmet's usual others (nosniff, no
 * referrer, same-origin opener and resources). Creator avatars may come from the partner's image
 * host, hence https: images.
 */
export const securityHeadersPlugin = fp(async (app) => {
  const production = app.config.production;
  await app.register(helmet, {
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
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    );
  });
});
