// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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
});

describe('/support', () => {
  it('links to chat support and e-mail from the settings', async () => {
    renderApp('/support', stub);
    expect(await screen.findByRole('heading', { name: 'Support Center' })).toBeInTheDocument();
    const chat = await screen.findByRole('link', { name: 'Open Chat Support' });
    expect(chat).toHaveAttribute('href', 'https://chat.test/support');
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Send an Email' })).toHaveAttribute(
      'href',
      'mailto:support@promo.test',
    );
  });

  it('has four FAQ entries that open and close', async () => {
    const { user } = renderApp('/support', stub);
    const faq = (await screen.findByRole('heading', { name: 'Frequently Asked Questions' }))
      .parentElement!;
    const questions = within(faq)
      .getAllByRole('group')
      .map((entry) => entry.querySelector('summary')!.textContent);
    expect(questions).toEqual([
      'How do I add a creator through a tracking link?',
      'How do I create a campaign?',
      'How do I pay with ETH?',
      'My transaction is stuck. What can I do?',
    ]);
    const eth = within(faq).getByText('How do I pay with ETH?').closest('details')!;
    expect(eth).not.toHaveAttribute('open');
    await user.click(within(faq).getByText('How do I pay with ETH?'));
    expect(eth).toHaveAttribute('open');
    expect(eth).toHaveTextContent('That price holds for 15 minutes');
    expect(eth).toHaveTextContent('to your own deposit address');
    expect(eth).toHaveTextContent('found by itself within seconds');
    expect(eth).toHaveTextContent('Parts add up');
    expect(eth).toHaveTextContent('after Start Over or after the 15 minutes is still credited');
    expect(eth).toHaveTextContent('from an exchange too');
    expect(eth).toHaveTextContent('underpaid transfers are non-refundable');
    // The shared wallet's rules are gone: no exact amount to match, no sender to prove.
    expect(eth).not.toHaveTextContent('exact amount is how we recognise');
    expect(eth).not.toHaveTextContent('not from an exchange');
    const stuck = within(faq)
      .getByText('My transaction is stuck. What can I do?')
      .closest('details')!;
    expect(stuck).not.toHaveTextContent('do not send to an expired transaction');
    expect(stuck).toHaveTextContent('View deposit');
    const tracking = within(faq).getByText('How do I add a creator through a tracking link?');
    // The partner's name comes with the public settings, which may answer after the page is drawn.
    await waitFor(() =>
      expect(tracking.closest('details')).toHaveTextContent('profile link on CreatorFinder'),
    );
  });
});
