import { createFileRoute, useLocation } from '@tanstack/react-router';
import * as v from 'valibot';
import { ErrorPage } from '../features/errors/components/error-page';

const ErrorSearch = v.object({
  status: v.fallback(v.optional(v.number()), undefined),
  title: v.fallback(v.optional(v.string()), undefined),
  message: v.fallback(v.optional(v.string()), undefined),
});

export const Route = createFileRoute('/error')({
  validateSearch: ErrorSearch,
  component: ErrorRoutePage,
});

/** Spec §2: status, title and message from navigation state, else from the search. */
function ErrorRoutePage() {
  const search = Route.useSearch();
  const state = useLocation({ select: (location) => location.state });
  return (
    <ErrorPage
      status={state.status ?? search.status}
      title={state.title ?? search.title}
      message={state.message ?? search.message}
    />
  );
}
