import type { APIRequestContext } from 'playwright-core';
import type { Campaign } from '@/shared/contract/campaign';
import type { Transaction } from '@/shared/contract/deposits';
import type { Notification, Pagination } from '@/shared/contract/notifications';
import { expect } from './fixtures';

/**
 * What the server holds for the signed-in advertiser, read through the API (the e2e server's PGlite
 * database belongs to its process; stack notes). `api` is `page.request`: the page's own cookies.
 */

async function data<T>(answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}

/** The balance in cents. */
export async function balanceCents(api: APIRequestContext): Promise<number> {
  const user = await data<{ crypto_balance: number }>(await api.get('/api/get-user-details'));
  return Math.round(user.crypto_balance * 100);
}

export async function campaignsOf(api: APIRequestContext): Promise<Campaign[]> {
  return data<Campaign[]>(await api.get('/api/bought-ads-by-client'));
}

export async function transactionsOf(api: APIRequestContext): Promise<Transaction[]> {
  return data<Transaction[]>(await api.post('/api/get-all-user-transactions', { data: {} }));
}

/** The first page of notifications (newest first) and the pagination. */
export async function notificationsOf(
  api: APIRequestContext,
): Promise<{ data: Notification[]; pagination: Pagination }> {
  const answer = await api.post('/api/get-notifications', { data: { page: 1 } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { data: Notification[]; pagination: Pagination };
}

/** A creator of the demo catalogue matching `query` the advertiser has no campaign for. */
export async function freeProfile(api: APIRequestContext, query: string): Promise<string> {
  const found = await data<{ username: string }[]>(
    await api.post('/api/search-profiles', { data: { query } }),
  );
  const taken = new Set((await campaignsOf(api)).map((campaign) => campaign.Profile.username));
  const free = found.map((profile) => profile.username).find((name) => !taken.has(name));
  if (!free) throw new Error(`every creator matching "${query}" has a campaign already`);
  return free;
}

/** A campaign of package 1 for `username`, opened through the API with `amountDeposit` dollars. */
export async function openCampaign(api: APIRequestContext, username: string, amountDeposit = 100) {
  const created = await api.post('/api/new-campaign', {
    data: { username, package_id: 1, amount_deposit: amountDeposit },
  });
  expect(created.status()).toBe(201);
}

/**
 * Pauses the campaign for `username`: its remaining budget goes back to the balance, so the demo
 * advertiser's money lasts for the other browser tests.
 */
export async function pauseCampaign(api: APIRequestContext, username: string) {
  const paused = await api.post('/api/expire-ad-package', { data: { username } });
  expect(paused.status()).toBe(200);
}
