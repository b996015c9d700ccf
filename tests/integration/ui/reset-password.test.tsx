// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from './helpers/render-app';
import { startStubServer, type StubServer } from './helpers/stub-server';

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());

async function submit(
  user: ReturnType<typeof renderApp>['user'],
  password: string,
  confirm: string,
) {
  await user.type(await screen.findByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

const INVALID_RESET = {
  status: 400,
  body: { success: false, message: 'The reset link is invalid or has expired' },
};

/** The link check answers that the link works, unless a test says otherwise. */
beforeEach(() => stub.on('POST', '/api/auth/reset-password/check', { body: { success: true } }));

describe('/reset-password/{token}', () => {
  it('checks the link first and says at once that a used or expired one is invalid', async () => {
    stub.on('POST', '/api/auth/reset-password/check', INVALID_RESET);
    renderApp('/reset-password/used-token', stub);
    expect(await screen.findByRole('heading', { name: 'Invalid reset link' })).toBeInTheDocument();
    expect(screen.getByText('The reset link is invalid or has expired')).toBeInTheDocument();
    // Issue 32 point 3: a newer link no longer voids an older one.
    expect(
      screen.getByText(
        'A reset link works once, for 1 hour. Using one ends the others sent with it.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(stub.requestsTo('/api/auth/reset-password/check').map((r) => r.body)).toEqual([
      { resetPasswordToken: 'used-token' },
    ]);
    expect(stub.requestsTo('/api/auth/reset-password')).toEqual([]);
  });

  it('shows the form once the link is found to work', async () => {
    const check = stub.hold('POST', '/api/auth/reset-password/check');
    renderApp('/reset-password/tok123', stub);
    expect(await screen.findByRole('status')).toHaveTextContent('Checking the link...');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    check.release({ body: { success: true } });
    expect(await screen.findByLabelText('New Password')).toBeInTheDocument();
  });

  it('shows the form when the link cannot be checked', async () => {
    stub.on('POST', '/api/auth/reset-password/check', 'network-failure');
    renderApp('/reset-password/tok123', stub);
    expect(await screen.findByLabelText('New Password')).toBeInTheDocument();
  });

  it.each([
    ['long-password', 'other-password', 'Passwords do not match'],
    ['short', 'short', 'Password must be at least 8 characters long'],
  ])('refuses %s / %s with "%s" and sends nothing', async (password, confirm, message) => {
    const { user } = renderApp('/reset-password/tok123', stub);
    await submit(user, password, confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(stub.requestsTo('/api/auth/reset-password')).toEqual([]);
  });

  it('sends the token and shows the server success message', async () => {
    stub.on('POST', '/api/auth/reset-password', {
      body: { success: true, message: 'Your password has been reset. You can now sign in.' },
    });
    const { user } = renderApp('/reset-password/tok123', stub);
    await submit(user, 'new-long-password', 'new-long-password');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been reset. You can now sign in.',
    );
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(stub.requestsTo('/api/auth/reset-password').map((request) => request.body)).toEqual([
      { resetPasswordToken: 'tok123', newPassword: 'new-long-password' },
    ]);
  });

  it('shows the server message of a refused reset', async () => {
    // Spent between the check and the reset.
    stub.on('POST', '/api/auth/reset-password', INVALID_RESET);
    const { user } = renderApp('/reset-password/expired', stub);
    await submit(user, 'new-long-password', 'new-long-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The reset link is invalid or has expired',
    );
  });

  it('falls back to its own message when the server sends none', async () => {
    stub.on('POST', '/api/auth/reset-password', { status: 500, body: { success: false } });
    const { user } = renderApp('/reset-password/tok123', stub);
    await submit(user, 'new-long-password', 'new-long-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to reset password. Please try again.',
    );
  });
});
