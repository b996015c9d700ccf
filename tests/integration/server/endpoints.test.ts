import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@/shared/contract/endpoints';
import { registeredRoutes } from '../../reliability/support/hostile-routes';
import { useTestApp } from '../../helpers/fixtures';

/**
 * Style habit 13: every call is declared once (src/shared/contract). The server registers exactly the
 * declared calls under /api, each with its declared method and path, so a call declared but not
 * served, or served but not declared, fails here.
 */
describe('the endpoint table', () => {
  const t = useTestApp('pglite', { PARTNER_SLUG: 'acme' });

  it('is what the server serves under /api', () => {
    const declared = ENDPOINTS.map(
      (endpoint) => `${endpoint.method} /api/${endpoint.path.replace('{product}', 'acme')}`,
    ).sort();
    // Fastify answers HEAD for every GET by itself; the development tools (src/dev) are not the API,
    // nor are the partner API's documents (routes/openapi.ts).
    const documents = ['GET /api/docs', 'GET /api/openapi.json'];
    const served = registeredRoutes(t.server.app).filter(
      (route) =>
        route.includes(' /api/') && !route.startsWith('HEAD ') && !documents.includes(route),
    );
    expect(served).toEqual(declared);
  });

  it('declares each method and path once', () => {
    const keys = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps offline only answers of calls that read', () => {
    expect(ENDPOINTS.filter((e) => e.offline && e.access !== 'read')).toEqual([]);
    expect(
      ENDPOINTS.filter((e) => e.offline)
        .map((e) => `${e.method} ${e.path}`)
        .sort(),
    ).toEqual([
      'GET account/time-zone',
      'GET auth/check-auth',
      'GET bought-ads-by-client',
      'GET get-user-details',
      'GET user/campaign-history',
      'POST account/statement',
      'POST get-all-user-transactions',
      'POST get-notifications',
      'POST get-transaction',
      'POST stats/account',
      'POST stats/campaign',
      'POST stats/campaigns',
    ]);
  });
});
