// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Campaign } from '@/shared/contract/campaigns';
import { figureViolations } from '../../reliability/support/figure-identities';
import { makeCampaign } from './helpers/factories';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/**
 * Issue 13 point 3: the card, the dashboard row and the tracker show one period's figures, which
 * add up. The campaign is the issue's: $150 at $0.50 with 29 clicks used and paused, reactivated
 * with $100 (the server's answers in tests/integration/campaigns/periods.test.ts).
 */
const base = {
  Profile: {
    username: 'period_fit',
    ProfileDatum: { full_name: 'Period Fit', avatar: '/avatars/period_fit.svg' },
  },
  package_id: 3,
  package_name: 'Category-Specific',
  categories: ['Fitness'],
  click_rate: 0.5,
  start_date: '2025-03-05T12:00:00.000Z',
};
/** Reactivated with $100: a new period, 200 clicks, nothing used yet. */
const reactivated = makeCampaign(9, 'period_fit', {
  ...base,
  clicks_purchased: 200,
  clicks_count: 0,
  remaining_clicks: 200,
  amount_deposit: 100,
  amount_remaining: 100,
  amount_refunded: 0,
});
/** 5 clicks later, paused again: the 195 clicks not used and their $97.50 refunded. */
const pausedAgain = makeCampaign(9, 'period_fit', {
  ...base,
  status: false,
  clicks_purchased: 200,
  clicks_count: 5,
  remaining_clicks: 195,
  amount_deposit: 100,
  amount_remaining: 0,
  amount_refunded: 97.5,
  end_date: '2025-03-06T12:00:00.000Z',
});
const lastEntry = {
  id: 2,
  profile_id: 'period_fit',
  package_name: 'Category-Specific',
  categories: ['Fitness'],
  total_clicks_purchased: 200,
  clicks_purchased: 200,
  remaining_clicks: 195,
  clicks_count: 5,
  total_spent: 2.5,
  amount_deposit: 100,
  click_rate: 0.5,
  start_date: base.start_date,
  end_date: pausedAgain.end_date!,
};

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser({ crypto_balance: 483 }));
  stub.on('POST', '/api/campaign-daily-clicks', {
    body: { success: true, granularity: 'day', data: [] },
  });
});

function answer(campaign: Campaign) {
  stub.on('GET', '/api/bought-ads-by-client', {
    body: { success: true, message: 'Campaigns fetched', data: [campaign] },
  });
  stub.on('POST', '/api/profile-ad-details', {
    body: { success: true, message: 'Profile ad details fetched', user: campaign },
  });
}

/** The values of the terms in `scope`, by term (a term shown twice must show one value). */
function terms(scope: HTMLElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const term of within(scope).getAllByRole('term')) {
    const value = term.nextElementSibling!.textContent!.trim();
    const label = term.textContent!.trim();
    expect(values[label] ?? value).toBe(value);
    values[label] = value;
  }
  return values;
}

const dollarsOf = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

describe('a campaign period on every screen', () => {
  it('the fixtures are what the server answers: their figures add up', () => {
    expect(figureViolations([reactivated], [])).toEqual([]);
    expect(figureViolations([pausedAgain], [lastEntry])).toEqual([]);
  });

  it('the card: budget of the period, used + remaining = total, then deposited = spent + refunded', async () => {
    answer(reactivated);
    const view = renderApp('/campaigns', stub);
    let card = await screen.findByRole('article', { name: 'Campaign for period_fit' });
    expect(terms(card)).toMatchObject({
      'Total clicks': '200',
      Used: '0',
      Remaining: '200',
      Budget: '$100.00',
      'Remaining budget': '$100.00',
    });
    view.unmount();

    answer(pausedAgain);
    renderApp('/campaigns', stub);
    card = await screen.findByRole('article', { name: 'Campaign for period_fit' });
    const shown = terms(card);
    expect(shown).toMatchObject({
      'Total clicks': '200',
      Used: '5',
      'Refunded clicks': '195',
      Deposited: '$100.00',
      Refunded: '$97.50',
    });
    expect(Number(shown.Used) + Number(shown['Refunded clicks'])).toBe(200);
    // $100.00 = 5 clicks x $0.50 + $97.50 refunded.
    expect(dollarsOf(shown.Deposited!)).toBe(5 * 50 + dollarsOf(shown.Refunded!));
  });

  it('the dashboard row: used / purchased, what is left or was refunded, the period budget', async () => {
    answer(pausedAgain);
    renderApp('/dashboard', stub);
    await screen.findAllByRole('link', { name: 'Details' });
    const [, row] = within(screen.getByRole('table')).getAllByRole('row');
    const cells = within(row!).getAllByRole('cell');
    expect(cells[3]).toHaveTextContent(/^5 \/ 200\s*195 refunded$/);
    expect(cells[4]).toHaveTextContent(/^\$100\.00$/);
  });

  it('the tracker: purchased = used + refunded clicks, budget = spent + refunded', async () => {
    answer(pausedAgain);
    renderApp('/analytics/period_fit', stub);
    await screen.findByRole('heading', { name: 'Campaign Tracker' });
    const shown = terms(screen.getByRole('main'));
    expect(shown).toMatchObject({
      'Clicks Purchased': '200',
      'Clicks Used': '5',
      // An ended period's remaining clicks are the refunded ones, and say so.
      'Clicks Refunded': '195',
      Budget: '$100.00',
      Refunded: '$97.50',
    });
    expect(dollarsOf(shown.Budget!)).toBe(5 * 50 + dollarsOf(shown.Refunded!));
  });
});
