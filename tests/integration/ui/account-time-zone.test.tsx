// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/** Issue 36 point 1: the account's time zone on /account, and the browser's sent with every write. */

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());

const PATH = '/api/account/time-zone';
const KOLKATA_THEN_BERLIN = {
  time_zone: 'Asia/Kolkata',
  chosen: true,
  next: { time_zone: 'Europe/Berlin', from: '2026-12-07T18:30:00.000Z' },
};

beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser());
  stub.on('GET', '/api/get-user-details', {
    body: { success: true, message: 'User details fetched successfully', data: makeUser() },
  });
  stub.on('GET', PATH, {
    body: { success: true, message: 'Time zone fetched successfully', data: KOLKATA_THEN_BERLIN },
  });
});

function card() {
  return screen.getByRole('heading', { name: 'Time Zone' }).parentElement!;
}

function detail(term: string) {
  return within(card()).getByText(term, { selector: 'dt' }).nextElementSibling;
}

describe('/account time zone', () => {
  it('shows the zone the days follow and the change waiting for midnight, on its clock', async () => {
    renderApp('/account', stub);
    await screen.findByText('Your days follow');
    expect(detail('Your days follow')).toHaveTextContent('Asia/Kolkata (UTC+05:30)');
    // 18:30 UTC is midnight in Kolkata.
    expect(detail('From Dec 8, 2026, 12:00 AM')).toHaveTextContent('Europe/Berlin (UTC+01:00)');
    expect(within(card()).getByLabelText('Time zone')).toHaveValue('Europe/Berlin');
  });

  it('saves a chosen zone with the browser zone sent along, and says when it takes effect', async () => {
    stub.on('POST', PATH, {
      body: {
        success: true,
        message: 'Your days follow America/St_Johns from the next midnight in Asia/Kolkata.',
        data: {
          time_zone: 'Asia/Kolkata',
          chosen: true,
          next: { time_zone: 'America/St_Johns', from: '2026-12-07T18:30:00.000Z' },
        },
      },
    });
    const { user } = renderApp('/account', stub);
    await screen.findByText('Your days follow');
    await user.selectOptions(within(card()).getByLabelText('Time zone'), 'America/St_Johns');
    await user.click(within(card()).getByRole('button', { name: 'Save Time Zone' }));
    expect(
      await within(card()).findByText(
        'Your days follow America/St_Johns from the next midnight in Asia/Kolkata.',
      ),
    ).toBeInTheDocument();
    expect(detail('From Dec 8, 2026, 12:00 AM')).toHaveTextContent('America/St_Johns (UTC-03:30)');
    const [saved] = stub.requestsTo(PATH).filter((request) => request.method === 'POST');
    expect(saved?.body).toEqual({ time_zone: 'America/St_Johns' });
    expect(saved?.headers['x-time-zone']).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('says what failed when the zone cannot be read, and tries again', async () => {
    stub.on('GET', PATH, {
      status: 500,
      body: { success: false, message: 'Internal server error' },
    });
    const { user } = renderApp('/account', stub);
    expect(
      await screen.findByText('Failed to load the time zone', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    stub.on('GET', PATH, {
      body: { success: true, message: 'Time zone fetched successfully', data: KOLKATA_THEN_BERLIN },
    });
    await user.click(within(card()).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Your days follow')).toBeInTheDocument();
  });
});
