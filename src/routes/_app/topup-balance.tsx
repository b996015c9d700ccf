import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { TopUpScreens } from '@/features/topup/components/topup-screens';

/**
 * /topup-balance (the deposit form), /topup-balance/{id} (a deposit's page) and
 * /topup-balance/{id}?view=receipt (its receipt): this route draws all three from the location; its
 * child route (topup-balance.$id.tsx) only matches the deposits' paths.
 */
export const Route = createFileRoute('/_app/topup-balance')({
  component: TopUpBalanceRoute,
});

function TopUpBalanceRoute() {
  // The location, not useParams/useSearch: neither is otherwise used, and each would add to the
  // first load (topup-balance.$id.tsx).
  const location = useRouterState({ select: (state) => state.location });
  return <TopUpScreens pathname={location.pathname} search={location.searchStr} />;
}
