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

describe('/account/verification/{token}', () => {
  it('shows loading, then success, sending the code once', async () => {
    const verification = stub.hold('POST', '/api/auth/verify-email');
    renderApp('/account/verification/code-1', stub);
    expect(await screen.findByRole('status')).toHaveTextContent('Verifying...');
    verification.release({ body: { success: true, message: 'Account verified successfully!' } });
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
});
