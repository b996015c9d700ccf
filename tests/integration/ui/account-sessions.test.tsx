// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import type { UserSession } from '@/shared/contract/sessions';
import { formatDateTime } from '@/entities/deposit/format';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/** Issue 16 point 7: the Sessions card of /account. */

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());

function makeSession(id: string, overrides: Partial<UserSession> = {}): UserSession {
  return {
    id,
    browser: 'Chrome',
    system: 'Windows',
    ip: '203.0.113.7',
    createdAt: '2025-06-01T08:00:00.000Z',
    lastSeenAt: '2025-06-10T12:30:00.000Z',
    current: false,
    ...overrides,
  };
}

const THIS_ONE = makeSession('s-1', { current: true });
const FIREFOX = makeSession('s-2', {
  browser: 'Firefox',
  system: 'Linux',
  ip: '198.51.100.20',
  lastSeenAt: '2025-06-09T18:05:00.000Z',
});
const PHONE = makeSession('s-3', { browser: 'Safari', system: 'iOS', ip: null });

/** The sessions list answers `lists` in turn, the last one from then on. */
function listSessions(...lists: UserSession[][]) {
  let call = 0;
  stub.on('POST', '/api/auth/sessions', () => ({
    body: {
      success: true,
      message: 'Sessions fetched successfully',
      data: lists[Math.min(call++, lists.length - 1)],
    },
  }));
}

beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser());
  stub.on('GET', '/api/get-user-details', {
    body: { success: true, message: 'User details fetched successfully', data: makeUser() },
  });
});
afterEach(() => {
  onlineManager.setOnline(true);
});

async function sessionList() {
  return screen.findByRole('list', { name: 'Active sessions' });
}

function card() {
  return screen.getByRole('heading', { name: 'Sessions' }).parentElement!;
}

/** The card's polite live region (not a role=status: that is the page's feedback box). */
function liveRegion() {
  return card().querySelector('[aria-live="polite"]')!;
}

describe('/account sessions', () => {
  it('lists each session by browser and system, address and last activity, this device marked', async () => {
    listSessions([THIS_ONE, FIREFOX, PHONE]);
    renderApp('/account', stub);
    const items = within(await sessionList()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Chrome on WindowsThis device203.0.113.7 · Active now',
      `Firefox on Linux198.51.100.20 · Last active ${formatDateTime(FIREFOX.lastSeenAt)}Sign out Firefox on Linux`,
      `Safari on iOSUnknown address · Last active ${formatDateTime(PHONE.lastSeenAt)}Sign out Safari on iOS`,
    ]);
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    const signOutFirefox = within(items[1]!).getByRole('button', {
      name: 'Sign out Firefox on Linux',
    });
    expect(signOutFirefox).toHaveAccessibleDescription(
      `198.51.100.20 · Last active ${formatDateTime(FIREFOX.lastSeenAt)}`,
    );
    expect(within(items[2]!).getByRole('button', { name: 'Sign out Safari on iOS' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeEnabled();
  });

  it('signs out one session, lists the sessions again and announces it', async () => {
    listSessions([THIS_ONE, FIREFOX, PHONE], [THIS_ONE, PHONE]);
    stub.on('POST', '/api/auth/end-session', {
      body: { success: true, message: 'The session was signed out' },
    });
    const { user } = renderApp('/account', stub);
    await sessionList();
    await user.click(screen.getByRole('button', { name: 'Sign out Firefox on Linux' }));

    expect(
      await within(liveRegion() as HTMLElement).findByText('The session was signed out'),
    ).toBeVisible();
    expect(stub.requestsTo('/api/auth/end-session').map((request) => request.body)).toEqual([
      { id: 's-2' },
    ]);
    const list = await sessionList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Sign out Firefox on Linux' })).toBeNull();
    // The row and its button are gone: the focus is on the list, not lost.
    expect(list).toHaveFocus();
    expect(stub.requestsTo('/api/auth/sessions')).toHaveLength(2);
  });

  it('signs out all other sessions, leaving only this device', async () => {
    listSessions([THIS_ONE, FIREFOX, PHONE], [THIS_ONE]);
    stub.on('POST', '/api/auth/end-other-sessions', {
      body: { success: true, message: 'Signed out 2 other sessions', count: 2 },
    });
    const { user } = renderApp('/account', stub);
    await sessionList();
    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));

    expect(
      await within(liveRegion() as HTMLElement).findByText('Signed out 2 other sessions'),
    ).toBeVisible();
    expect(within(await sessionList()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('No other sessions are signed in.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).toBeNull();
    expect(stub.requestsTo('/api/auth/end-other-sessions')).toHaveLength(1);
  });

  it('announces a refusal and shows the list as the server has it now', async () => {
    listSessions([THIS_ONE, FIREFOX], [THIS_ONE]);
    stub.on('POST', '/api/auth/end-session', {
      status: 404,
      body: { success: false, message: 'Session not found' },
    });
    const { user } = renderApp('/account', stub);
    await sessionList();
    await user.click(screen.getByRole('button', { name: 'Sign out Firefox on Linux' }));
    expect(await within(liveRegion() as HTMLElement).findByText('Session not found')).toBeVisible();
    expect(within(await sessionList()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('offline, keeps the list on screen with its sign-out buttons disabled', async () => {
    listSessions([THIS_ONE, FIREFOX]);
    renderApp('/account', stub);
    await sessionList();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('button', { name: 'Sign out Firefox on Linux' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
    act(() => onlineManager.setOnline(true));
    expect(screen.getByRole('button', { name: 'Sign out Firefox on Linux' })).toBeEnabled();
  });

  it('says when the list cannot be loaded and loads it again on request', async () => {
    stub.on('POST', '/api/auth/sessions', {
      status: 400,
      body: { success: false, message: 'Something went wrong' },
    });
    const { user } = renderApp('/account', stub);
    expect(await screen.findByText('Something went wrong')).toBeVisible();
    listSessions([THIS_ONE]);
    await user.click(screen.getByRole('button', { name: 'Reload sessions' }));
    expect(within(await sessionList()).getAllByRole('listitem')).toHaveLength(1);
  });
});
