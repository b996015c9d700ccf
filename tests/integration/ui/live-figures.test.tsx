// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_FIGURES } from '@/entities/stats/csv-exports';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/**
 * Issue 35 point 5: figures that do not move while clicks come in. A screen with figures, visible and
 * online, asks for them again every 30 s (never sooner), says when they were fetched, and Refresh on
 * /campaigns refreshes the range line with the cards.
 */

const range = {
  from: '2026-03-01',
  to: '2026-03-30',
  time_zone: 'UTC',
  utc_offset: '+00:00',
  counted_offset: '+00:00',
  rounded: false,
};
const totals = NO_FIGURES;

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser());
  stub.on('GET', '/api/bought-ads-by-client', {
    body: { success: true, message: 'Campaigns fetched', data: [] },
  });
  stub.on('POST', '/api/stats/account', {
    body: {
      success: true,
      range,
      totals: { ...totals, active_campaigns: 0 },
      days: [],
      hours: [],
      previous: null,
      credit_notes: [],
    },
  });
  stub.on('POST', '/api/stats/campaigns', {
    body: { success: true, range, campaigns: [], history: [] },
  });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the fake clock on by `ms`, letting the answers of what it started arrive. */
async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('live figures', () => {
  it('asks for the dashboard’s figures again every 30 s, not sooner, and says when they came', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    renderApp('/dashboard', stub);
    expect(await screen.findByText(/^Updated \d{1,2}:\d{2} [AP]M$/)).toBeInTheDocument();
    const asked = () => [
      stub.requestsTo('/api/bought-ads-by-client').length,
      stub.requestsTo('/api/stats/account').length,
    ];
    expect(asked()).toEqual([1, 1]);
    await wait(25_000);
    expect(asked()).toEqual([1, 1]);
    await wait(6_000);
    await vi.waitFor(() => expect(asked()).toEqual([2, 2]));
    await wait(30_000);
    await vi.waitFor(() => expect(asked()).toEqual([3, 3]));
  });

  it('refreshes the range line of /campaigns with its cards', async () => {
    const { user } = renderApp('/campaigns', stub);
    await screen.findByRole('heading', { name: 'Your Campaigns' });
    await vi.waitFor(() => expect(stub.requestsTo('/api/stats/campaigns')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => {
      expect(stub.requestsTo('/api/bought-ads-by-client')).toHaveLength(2);
      expect(stub.requestsTo('/api/stats/campaigns')).toHaveLength(2);
    });
  });
});
