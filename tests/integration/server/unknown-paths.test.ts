import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boughtAdsByClient } from '@/shared/contract/campaign';
import { getAllUserTransactions } from '@/shared/contract/deposits';
import { login as loginEndpoint } from '@/shared/contract/login';
import { getNotifications } from '@/shared/contract/notifications';
import { unreadNotificationsCount } from '@/shared/contract/unread-count';
import { checkAuth } from '@/shared/contract/user';
import { getUserDetails } from '@/shared/contract/user-details';
import { registerUser, TEST_APP_URL } from '../../helpers/server';
import { useTestApp } from '../../helpers/fixtures';

const SHELL = '<!doctype html><title>PromoClicks</title>';
const NOT_FOUND = { success: false, message: 'Not found' };

/** The headers every answer carries (security-headers.test.ts checks each one's value). */
function expectSecurityHeaders(headers: Headers): void {
  for (const name of [
    'content-security-policy',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'permissions-policy',
  ]) {
    expect(headers.get(name), name).not.toBeNull();
  }
}

/**
 * Issue 32 finding 6: every unknown path outside /api answered 200 with the app shell (`/.env`,
 * `/.git/config`, `POST /anything`); a malformed-URL 400 had no security headers; personal answers
 * carried no Cache-Control; the Origin check ignored the scheme.
 */
describe('unknown paths, personal answers and the Origin check', () => {
  let staticDir: string;

  beforeAll(async () => {
    staticDir = await mkdtemp(join(tmpdir(), 'promo-static-'));
    await writeFile(join(staticDir, 'index.html'), SHELL);
    await writeFile(join(staticDir, 'robots.txt'), 'User-agent: *\n');
    await mkdir(join(staticDir, 'assets'));
    await writeFile(join(staticDir, 'assets', 'app-1234.js'), 'export {};');
  });
  afterAll(async () => {
    await rm(staticDir, { recursive: true, force: true });
  });
  const t = useTestApp('pglite', () => ({ STATIC_DIR: staticDir }));

  const request = (path: string, init: RequestInit = {}) => fetch(`${t.server.url}${path}`, init);

  it.each([
    '/',
    '/login',
    '/login/partner',
    '/register',
    '/reset-password/abc123',
    '/dashboard',
    '/dashboard/',
    '/create-campaign',
    '/create-campaign/profile/anna.smith',
    '/analytics/anna.smith',
    '/analytics/anna_smith?range=30d',
    '/topup-balance/42',
    '/account/verification/some-token',
    '/error',
  ])('GET %s, a page of the app: the shell, 200', async (path) => {
    const response = await request(path);
    expect([response.status, await response.text()]).toEqual([200, SHELL]);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expectSecurityHeaders(response.headers);
  });

  it.each(['/no-such-page', '/analytics', '/dashboard/extra', '/create-campaign/profile'])(
    'GET %s, page-like but no page: the shell with 404, for the Error page',
    async (path) => {
      const response = await request(path);
      expect([response.status, await response.text()]).toEqual([404, SHELL]);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expectSecurityHeaders(response.headers);
    },
  );

  it.each([
    ['GET', '/.env'],
    ['GET', '/.git/config'],
    ['GET', '/.well-known/security.txt'],
    ['GET', '/%2eenv'],
    ['GET', '/analytics/.env'],
    ['GET', '/login.bak'],
    ['GET', '/backup.zip'],
    ['GET', '/assets/missing-1234.js'],
    ['GET', '/api'],
    ['GET', '/api/nothing-here'],
    ['POST', '/anything'],
    ['POST', '/dashboard'],
    ['PUT', '/'],
    ['DELETE', '/login'],
  ])('%s %s: the error JSON, 404, with the security headers', async (method, path) => {
    const response = await request(path, { method });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(NOT_FOUND);
    expectSecurityHeaders(response.headers);
  });

  it('HEAD of a dotfile is a 404 too', async () => {
    const response = await request('/.env', { method: 'HEAD' });
    expect(response.status).toBe(404);
    expectSecurityHeaders(response.headers);
  });

  it('files of the build are still served', async () => {
    const robots = await request('/robots.txt');
    const asset = await request('/assets/app-1234.js');
    expect([robots.status, asset.status]).toEqual([200, 200]);
  });

  it('a malformed URL answers 400 with the error JSON and the security headers', async () => {
    for (const path of ['/%ff', '/api/%ff', '/avatars/%ff.svg']) {
      const response = await request(path);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        success: false,
        message: 'The request address is not valid',
      });
      expectSecurityHeaders(response.headers);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('every personal answer is Cache-Control: no-store, signed in or not, errors too', async () => {
    const { client } = await registerUser(t.server);
    const answers = [
      await client.call(checkAuth),
      await client.call(getUserDetails),
      await client.call(boughtAdsByClient),
      await client.call(getAllUserTransactions, { action: 'all' }),
      await client.call(getNotifications, { page: 1 }),
      await client.call(unreadNotificationsCount),
      await client.post('/api/new-campaign', {}),
      await t.server.client().call(checkAuth),
      await t.server.client().call(getUserDetails),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([
      200, 200, 200, 200, 200, 200, 400, 200, 401,
    ]);
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  describe('the Origin check compares scheme, host and port', () => {
    const login = (origin: string) =>
      t.server
        .client()
        .call(
          loginEndpoint,
          { email: 'nobody@example.com', password: 'whatever-123' },
          { headers: { origin } },
        );
    const host = () => new URL(t.server.url).host;

    it.each([
      ['the app on https', () => 'https://app.test'],
      ['the app on another port', () => 'http://app.test:8443'],
      ['the server address on https', () => `https://${host()}`],
      ['the server address on another port', () => `http://${host().replace(/:\d+$/, ':1')}`],
      ['an opaque origin', () => 'null'],
    ])('refuses %s', async (_name, origin) => {
      const refused = await login(origin());
      expect([refused.status, refused.body]).toEqual([
        403,
        { success: false, message: 'Cross-origin requests are not allowed' },
      ]);
    });

    it("takes the app's origin, and the origin of the address the request came to", async () => {
      expect((await login(TEST_APP_URL)).status).toBe(401);
      expect((await login(`http://${host()}`)).status).toBe(401);
    });
  });
});
