import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, PRODUCTION_TEST_ENV } from '../../helpers/server';
import { useTestApp } from '../../helpers/fixtures';

const CSP =
  "default-src 'self';base-uri 'none';object-src 'none';frame-ancestors 'none';form-action 'self';" +
  "script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: https:;font-src 'self';" +
  "connect-src 'self';manifest-src 'self';worker-src 'self'";

/** The headers every answer carries: the page, the worker script, API answers and API errors. */
function expectSecurityHeaders(headers: Headers): void {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(headers.get('permissions-policy')).toBe(
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  );
  expect(headers.get('x-powered-by')).toBeNull();
}

describe('security headers', () => {
  let staticDir: string;
  let production: TestApp;

  beforeAll(async () => {
    staticDir = await mkdtemp(join(tmpdir(), 'promo-static-'));
    await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>PromoClicks</title>');
    await writeFile(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  });
  afterAll(async () => {
    await rm(staticDir, { recursive: true, force: true });
  });
  const t = useTestApp('pglite', () => ({ STATIC_DIR: staticDir }));
  // The same app in production, on the same database.
  beforeAll(async () => {
    production = await startTestApp(t.db, { ...PRODUCTION_TEST_ENV, STATIC_DIR: staticDir });
  });
  afterAll(() => production?.close());

  it('sends a CSP without inline script and framing refused on the page of any route', async () => {
    const response = await fetch(`${t.server.url}/campaigns`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(CSP);
    expectSecurityHeaders(response.headers);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends them with the service worker script, which stays same-origin and uncached', async () => {
    const response = await fetch(`${t.server.url}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toBe(CSP);
    expectSecurityHeaders(response.headers);
  });

  it('sends them with API answers and API errors', async () => {
    const ok = await fetch(`${t.server.url}/api/config`);
    const refused = await fetch(`${t.server.url}/api/get-user-details`);
    const notFound = await fetch(`${t.server.url}/api/nothing-here`);
    expect([ok.status, refused.status, notFound.status]).toEqual([200, 401, 404]);
    for (const response of [ok, refused, notFound]) {
      expect(response.headers.get('content-security-policy')).toBe(CSP);
      expectSecurityHeaders(response.headers);
    }
  });

  it('adds HSTS and the upgrade of insecure requests in production only', async () => {
    const response = await fetch(`${production.url}/dashboard`);
    expect(response.status).toBe(200);
    expect(response.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(response.headers.get('content-security-policy')).toBe(
      `${CSP};upgrade-insecure-requests`,
    );
    expectSecurityHeaders(response.headers);
  });
});
