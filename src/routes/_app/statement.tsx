import { createFileRoute } from '@tanstack/react-router';
import { StatementMonth } from '@/features/statement/components/statement-print';
import { StatementPage } from '@/features/statement/components/statement-page';

export const Route = createFileRoute('/_app/statement')({
  // `?month=2026-03`: that month's printable statement (checked where it is shown: this function is
  // in every first load, the check is not).
  validateSearch: (search: Record<string, unknown>): { month?: unknown } =>
    'month' in search ? { month: search.month } : {},
  component: StatementRoute,
});

function StatementRoute() {
  const { month } = Route.useSearch();
  return month === undefined ? <StatementPage /> : <StatementMonth month={String(month)} />;
}
