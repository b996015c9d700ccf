// @vitest-environment happy-dom
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider, QueryObserver, onlineManager } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import OfflineBanner, { formatLastUpdated } from '@/features/offline/components/offline-banner';

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

function renderBanner() {
  const client = createQueryClient(() => undefined);
  render(createElement(QueryClientProvider, { client }, createElement(OfflineBanner)));
  return client;
}

describe('OfflineBanner', () => {
  it('shows nothing online', () => {
    renderBanner();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offline: says so, that changes need a connection, and when the data shown was fetched', async () => {
    const client = renderBanner();
    const updatedAt = new Date(2026, 10, 21, 14, 5).getTime();
    client.setQueryData(['campaigns'], [], { updatedAt });
    const unsubscribe = new QueryObserver(client, {
      queryKey: ['campaigns'],
      enabled: false,
    }).subscribe(() => undefined);
    act(() => onlineManager.setOnline(false));
    expect((await screen.findByRole('status')).textContent).toBe(
      'You are offline.Showing the last known data; changes need a connection.' +
        'Last updated Nov 21, 2026, 2:05 PM.',
    );
    expect(formatLastUpdated(updatedAt)).toBe('Nov 21, 2026, 2:05 PM');
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByRole('status')).toBeNull();
    unsubscribe();
  });
});
