// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { chooseRange } from '@/entities/stats/range-store';
import { addDays, dayOf } from '@/shared/stats-range';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/**
 * Issue 35 point 8: a custom range opens holding the range shown and refuses days after today in the
 * advertiser's time zone (the browser's: Auckland here, a day ahead of UTC for half of it), with the
 * message tied to the field that holds the day.
 */

const ZONE = 'Pacific/Auckland';
const kept = process.env.TZ;
process.env.TZ = ZONE;

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(async () => {
  await stub.close();
  process.env.TZ = kept;
});

/** The day the shown figures are for: the stub answers them, whatever was asked. */
const shown = { from: '2026-10-03', to: '2026-11-01' };

beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser());
  stub.on('GET', '/api/unread-notifications-count', { body: { success: true, count: 0 } });
  stub.on('GET', '/api/bought-ads-by-client', {
    body: { success: true, message: 'Campaigns fetched', data: [] },
  });
  stub.on('POST', '/api/stats/campaigns', {
    body: {
      success: true,
      range: {
        ...shown,
        time_zone: ZONE,
        utc_offset: '+13:00',
        counted_offset: '+13:00',
        rounded: false,
      },
      campaigns: [],
      history: [],
    },
  });
  chooseRange({ range: '30d' });
});

async function openCustom() {
  const view = renderApp('/campaigns', stub);
  // The range's answer is in: the days shown are its own.
  await waitFor(() => expect(stub.requestsTo('/api/stats/campaigns')).toHaveLength(1));
  await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
  await view.user.selectOptions(
    await screen.findByRole('combobox', { name: 'Date range' }),
    'custom',
  );
  return view;
}

describe('the custom range', () => {
  it('opens holding the range shown, and offers no day after today', async () => {
    await openCustom();
    const today = dayOf(ZONE, Date.now());
    expect(screen.getByLabelText('From')).toHaveValue(shown.from);
    expect(screen.getByLabelText('To')).toHaveValue(shown.to);
    expect(screen.getByLabelText('From')).toHaveAttribute('max', today);
    expect(screen.getByLabelText('To')).toHaveAttribute('max', today);
  });

  it('refuses a last day after today, under the To field, and asks nothing', async () => {
    const { user } = await openCustom();
    // Two days ahead: after today in Auckland whatever the hour.
    const later = addDays(dayOf(ZONE, Date.now()), 2);
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, later);
    const asked = stub.requestsTo('/api/stats/campaigns').length;
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(to).toHaveFocus();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('The last day must not be after today');
    expect(screen.getByLabelText('From')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('The last day must not be after today');
    expect(stub.requestsTo('/api/stats/campaigns')).toHaveLength(asked);
  });

  it('takes today as the last day', async () => {
    const { user } = await openCustom();
    const today = dayOf(ZONE, Date.now());
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, today);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await expect
      .poll(() => stub.requestsTo('/api/stats/campaigns').at(-1)?.body)
      .toEqual({
        range: 'custom',
        from: shown.from,
        to: today,
        time_zone: ZONE,
      });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
