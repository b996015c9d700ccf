import { createFileRoute } from '@tanstack/react-router';
import { campaignsQueryOptions } from '@/entities/campaign/api/get-campaigns';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

export const Route = createFileRoute('/_app/dashboard')({
  // Prefetch only: the list shows skeleton rows, then its own error panel with Try Again.
  loader: ({ context }) => void context.queryClient.prefetchQuery(campaignsQueryOptions),
  component: DashboardPage,
});
