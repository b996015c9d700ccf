// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

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
});

describe('the phone header (issue 17)', () => {
  it('says how many notifications are unread, beside the menu button', async () => {
    stub.on('GET', '/api/unread-notifications-count', { body: { success: true, count: 3 } });
    renderApp('/dashboard', stub);
    const header = (await screen.findByRole('button', { name: 'Open menu' })).closest('header')!;
    expect(await within(header).findByText('3')).toHaveTextContent('3 unread');
  });

  it('shows no count while nothing is unread', async () => {
    stub.on('GET', '/api/unread-notifications-count', { body: { success: true, count: 0 } });
    renderApp('/dashboard', stub);
    const header = (await screen.findByRole('button', { name: 'Open menu' })).closest('header')!;
    await screen.findByRole('heading', { name: 'Campaign Dashboard' });
    await screen.findByText('No campaigns yet');
    expect(within(header).queryByText(/unread/)).toBeNull();
  });
});
