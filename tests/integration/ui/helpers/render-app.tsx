import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { setAuthUser } from '@/entities/session/api/check-auth';
import { configureApi } from '@/lib/api';
import { createQueryClient } from '@/lib/query-client';
import { routeTree } from '@/routeTree.gen';
import type { StubServer } from './stub-server';

/** Renders the whole app at `path` in a memory router, talking to the stub server. */
export function renderApp(
  path: string,
  stub: StubServer,
  options: {
    state?: Record<string, unknown>;
    userEvent?: Parameters<typeof userEvent.setup>[0];
    /** Fills the query cache before the first render, as the persisted cache does on opening. */
    cache?: (queryClient: QueryClient) => void;
  } = {},
) {
  // Same origin as the stub server, as in production (the API lives on the app's origin).
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(stub.url);
  configureApi({ baseUrl: `${stub.url}/api` });
  const queryClient = createQueryClient((client) => setAuthUser(client, null));
  options.cache?.(queryClient);
  const history = createMemoryHistory({ initialEntries: [path] });
  if (options.state) history.replace(path, options.state);
  const router = createRouter({ routeTree, history, context: { queryClient } });
  const user = userEvent.setup(options.userEvent);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, user };
}
