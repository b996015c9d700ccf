import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Link,
  Outlet,
  RouterProvider,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';

/**
 * The baseline of the web figures of `npm run bench`: React, TanStack Router and TanStack Query (the
 * product's versions) with two routes and one trivial query, nothing else.
 */
function Home() {
  const greeting = useQuery({
    queryKey: ['greeting'],
    queryFn: () => Promise.resolve('Hello from a query'),
  });
  return (
    <main>
      <h1>Bare app</h1>
      <p>{greeting.data ?? 'Loading…'}</p>
    </main>
  );
}

function About() {
  return (
    <main>
      <h1>About</h1>
      <Link to="/">Home</Link>
    </main>
  );
}

const rootRoute = createRootRoute({ component: Outlet });
const routeTree = rootRoute.addChildren([
  createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home }),
  createRoute({ getParentRoute: () => rootRoute, path: '/about', component: About }),
]);
const router = createRouter({ routeTree });
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
