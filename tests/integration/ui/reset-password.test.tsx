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

describe('/reset-password/{token}', () => {
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
    stub.on('POST', '/api/auth/reset-password', {
      status: 400,
      body: { success: false, message: 'The reset link is invalid or has expired' },
    });
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
