import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { ErrorPage } from '../features/errors/components/error-page';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Outlet,
  // Every unknown path shows the error page with its not-found defaults (spec §2).
  notFoundComponent: () => <ErrorPage />,
  errorComponent: () => (
    <ErrorPage
      status={500}
      title="Something went wrong"
      message="There was an error loading this page. Please try again later."
    />
  ),
});
