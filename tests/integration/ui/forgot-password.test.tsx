// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderApp } from './helpers/render-app';
import { startStubServer, type StubServer } from './helpers/stub-server';

const sentMessage = {
  success: true,
  message: 'If an account exists for this email, a password reset link has been sent.',
};

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());
afterEach(() => {
  vi.useRealTimers();
});

async function requestLink(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'alice@example.com');
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

async function passSeconds(seconds: number) {
  for (let second = 0; second < seconds; second++) {
    await act(() => vi.advanceTimersByTimeAsync(1000));
  }
}

describe('/forgot-password', () => {
  it('shows "Reset link sent" with a 300-second countdown, then "try again" resends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    stub.on('POST', '/api/auth/forgot-password', { body: sentMessage });
    const { user } = renderApp('/forgot-password', stub, {
      userEvent: { advanceTimers: (ms) => vi.advanceTimersByTime(ms) },
    });
    await requestLink(user);
    expect(await screen.findByRole('heading', { name: 'Reset link sent' })).toBeInTheDocument();
    expect(screen.getByText(/You can request another link in/)).toHaveTextContent(
      'You can request another link in 5:00',
    );
    await passSeconds(1);
    expect(screen.getByText(/You can request another link in/)).toHaveTextContent('4:59');
    await passSeconds(240);
    expect(screen.getByText(/You can request another link in/)).toHaveTextContent('0:59');
    expect(screen.queryByRole('button', { name: 'try again' })).not.toBeInTheDocument();
    await passSeconds(59);
    await user.click(screen.getByRole('button', { name: 'try again' }));
    expect(await screen.findByText(/You can request another link in/)).toHaveTextContent('5:00');
    expect(stub.requestsTo('/api/auth/forgot-password').map((request) => request.body)).toEqual([
      { email: 'alice@example.com' },
      { email: 'alice@example.com' },
    ]);
  });

  it('never shows a lost answer as a failure: asked again, the link shows as sent', async () => {
    let sent = 0;
    stub.on('POST', '/api/auth/forgot-password', () =>
      ++sent === 1 ? 'network-failure' : { body: sentMessage },
    );
    const { user } = renderApp('/forgot-password', stub);
    await requestLink(user);
    expect(await screen.findByRole('heading', { name: 'Reset link sent' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(stub.requestsTo('/api/auth/forgot-password')).toHaveLength(2);
  });

  it('shows the server message when the server refuses', async () => {
    const message = 'Too many attempts. Please wait a few minutes and try again.';
    stub.on('POST', '/api/auth/forgot-password', {
      status: 429,
      body: { success: false, message },
    });
    const { user } = renderApp('/forgot-password', stub);
    await requestLink(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('heading', { name: 'Reset link sent' })).not.toBeInTheDocument();
  });

  it('links back to /login', async () => {
    const { user, router } = renderApp('/forgot-password', stub);
    await user.click(await screen.findByRole('link', { name: 'Back to login' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
