// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());

describe('/account/verification/{token}', () => {
  it('shows loading, then success, sending the code once', async () => {
    const verification = stub.hold('POST', '/api/auth/verify-email');
    renderApp('/account/verification/code-1', stub);
    expect(await screen.findByRole('status')).toHaveTextContent('Verifying...');
    verification.release({
      body: { success: true, message: 'Account verified successfully!', alreadyVerified: false },
    });
    expect(
      await screen.findByRole('heading', { name: 'Account verified successfully!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('You can now login to your account')).toBeInTheDocument();
    expect(stub.requestsTo('/api/auth/verify-email').map((request) => request.body)).toEqual([
      { code: 'code-1' },
    ]);
  });

  it('shows the invalid state for a refused code', async () => {
    stub.on('POST', '/api/auth/verify-email', {
      status: 400,
      body: { success: false, message: 'The verification link is invalid or has expired' },
    });
    renderApp('/account/verification/bad', stub);
    expect(
      await screen.findByRole('heading', { name: 'Invalid verification code' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The verification link is invalid or has expired')).toBeInTheDocument();
  });

  // Issue 17: a link opened a second time, or a second link, of a verified account.
  const ALREADY_VERIFIED = {
    body: { success: true, message: 'Your account is already verified', alreadyVerified: true },
  };

  it('says a verified account is verified already, signed out, with the way to login', async () => {
    stub.on('POST', '/api/auth/verify-email', ALREADY_VERIFIED);
    renderApp('/account/verification/used', stub);
    expect(
      await screen.findByRole('heading', { name: 'Your account is already verified' }),
    ).toBeInTheDocument();
    expect(screen.getByText('There is no need to verify it again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText('Invalid verification code')).not.toBeInTheDocument();
  });

  it('says a verified account is verified already, signed in, with the way to the dashboard', async () => {
    stub.signIn(makeUser({ isVerified: true }));
    stub.on('POST', '/api/auth/verify-email', ALREADY_VERIFIED);
    renderApp('/account/verification/used', stub);
    expect(
      await screen.findByRole('heading', { name: 'Your account is already verified' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Go to dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('link', { name: 'Go to login' })).not.toBeInTheDocument();
  });
});
