// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/**
 * Issue 31 point 6, "form errors are seen": a refused submit scrolls its first invalid field into
 * view and focuses it, marked invalid and described by its message, in every form that checks on
 * submit (the create form and the New Package dialog have their own tests).
 */

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => {
  stub.close();
  scrollIntoView.mockRestore();
});
beforeEach(() => {
  stub.reset();
  scrolledTo = [];
  scrollIntoView.mockImplementation(function (this: Element) {
    scrolledTo.push(this);
  });
});

/** The elements scrolled into view (happy-dom draws nothing, so the call is what can be seen). */
let scrolledTo: Element[] = [];
const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');

/** Focused, marked invalid, described by `message`, and scrolled to. */
function expectShown(field: HTMLElement, message: string) {
  expect(field).toHaveFocus();
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
  expect(scrolledTo).toContain(field);
}

describe('refused submits show their field', () => {
  it('/register: the confirmation of mismatched passwords', async () => {
    const { user } = renderApp('/register', stub);
    await user.type(await screen.findByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-password');
    await user.type(screen.getByLabelText('Confirm Password'), 'other-password');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expectShown(screen.getByLabelText('Confirm Password'), "Passwords don't match!");
    expect(stub.requestsTo('/api/auth/register')).toEqual([]);
  });

  describe('/account', () => {
    beforeEach(() => {
      stub.signIn(makeUser());
      stub.on('GET', '/api/get-user-details', {
        body: { success: true, message: 'User details fetched successfully', data: makeUser() },
      });
    });

    it('change password: the first empty field, then the confirmation', async () => {
      const { user } = renderApp('/account', stub);
      await user.click(await screen.findByRole('button', { name: 'Change Password' }));
      await user.type(screen.getByLabelText('Current Password'), 'old-password');
      await user.click(screen.getByRole('button', { name: 'Update Password' }));
      expectShown(screen.getByLabelText('New Password'), 'Please fill in all password fields');

      await user.type(screen.getByLabelText('New Password'), 'new-password');
      await user.type(screen.getByLabelText('Confirm New Password'), 'other-password');
      // Pressed again with the focus on the button: the field is shown again.
      await user.click(screen.getByRole('button', { name: 'Update Password' }));
      expectShown(screen.getByLabelText('Confirm New Password'), 'New passwords do not match');
      expect(stub.requestsTo('/api/auth/change-password')).toEqual([]);
    });

    it("change password: the server's refusal of the current password", async () => {
      stub.on('POST', '/api/auth/change-password', {
        status: 400,
        body: { success: false, message: 'Current password is incorrect' },
      });
      const { user } = renderApp('/account', stub);
      await user.click(await screen.findByRole('button', { name: 'Change Password' }));
      await user.type(screen.getByLabelText('Current Password'), 'wrong-password');
      await user.type(screen.getByLabelText('New Password'), 'new-password');
      await user.type(screen.getByLabelText('Confirm New Password'), 'new-password');
      await user.click(screen.getByRole('button', { name: 'Update Password' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
      expectShown(screen.getByLabelText('Current Password'), 'Current password is incorrect');
    });

    it('username: an empty name', async () => {
      const { user } = renderApp('/account', stub);
      await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
      await user.clear(screen.getByLabelText('Username'));
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expectShown(screen.getByLabelText('Username'), 'Username is required');
    });
  });

  it('/campaigns: the first day of a custom range without its days', async () => {
    stub.signIn(makeUser());
    stub.on('GET', '/api/bought-ads-by-client', {
      body: { success: true, message: 'Campaigns fetched', data: [] },
    });
    const { user } = renderApp('/campaigns', stub);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Date range' }), 'custom');
    // The fields open holding the range shown (issue 35): emptied here.
    await user.clear(screen.getByLabelText('From'));
    await user.clear(screen.getByLabelText('To'));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expectShown(screen.getByLabelText('From'), 'A custom range needs its first and last day');
  });

  it('/topup-balance: the amount is described by its message as typed', async () => {
    stub.signIn(makeUser({ crypto_balance: 250 }));
    stub.on('POST', '/api/get-all-user-transactions', {
      body: { success: true, message: 'Transactions fetched successfully', data: [] },
    });
    const { user } = renderApp('/topup-balance', stub);
    const amount = await screen.findByLabelText('Amount (USD)');
    await user.type(amount, '99.99');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(
      'Minimum deposit amount is $100 Minimum $100, maximum $10,000',
    );
  });
});
