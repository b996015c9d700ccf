import { request, type BrowserContext } from 'playwright-core';
import { DEMO_ADVERTISER } from '@/dev/environment';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/support/chromium';

export { CHROMIUM_ARGS };

export function chromiumPath(): string {
  const path = findChromium();
  if (!path) throw new Error('Chromium was not found (install it or set CHROMIUM_PATH).');
  return path;
}

const SIGN_IN = { email: DEMO_ADVERTISER.email, password: DEMO_ADVERTISER.password };

/** Signs the browser context in as the demo advertiser (the session cookie lands in the context). */
export async function signIn(context: BrowserContext, baseUrl: string): Promise<void> {
  const answer = await context.request.post(`${baseUrl}/api/auth/login`, { data: SIGN_IN });
  if (answer.status() !== 200) {
    throw new Error(`Sign-in failed with ${answer.status()}: ${await answer.text()}`);
  }
}

/** Gives the demo advertiser `count` campaigns, so the dashboard and the campaign list have rows. */
export async function seedCampaigns(baseUrl: string, count: number): Promise<void> {
  const api = await request.newContext({ baseURL: baseUrl });
  try {
    const login = await api.post('/api/auth/login', { data: SIGN_IN });
    if (login.status() !== 200) throw new Error(`Sign-in failed with ${login.status()}`);
    const search = await api.post('/api/search-profiles', { data: { query: 'art' } });
    const found = ((await search.json()) as { data: { username: string }[] }).data;
    for (const { username } of found.slice(0, count)) {
      const created = await api.post('/api/new-campaign', {
        data: { username, package_id: 1, amount_deposit: 100 },
      });
      if (created.status() !== 201) {
        throw new Error(`New campaign failed with ${created.status()}: ${await created.text()}`);
      }
    }
  } finally {
    await api.dispose();
  }
}
