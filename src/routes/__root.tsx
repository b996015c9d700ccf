import { Suspense, lazy } from 'react';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { ErrorDetails } from '../features/errors/components/error-page';

// Seldom seen: its code (and its stylesheet) comes when it is shown, not with every first load.
const LazyErrorPage = lazy(() =>
  import('../features/errors/components/error-page').then((module) => ({
    default: module.ErrorPage,
  })),
);

function ErrorPage(details: ErrorDetails) {
  return (
    <Suspense fallback={null}>
      <LazyErrorPage {...details} />
    </Suspense>
  );
}

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
