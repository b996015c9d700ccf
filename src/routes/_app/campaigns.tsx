import { createFileRoute } from '@tanstack/react-router';
import { campaignsQueryOptions } from '@/entities/campaign/api/get-campaigns';
import { CampaignsPage } from '@/features/campaigns/components/campaigns-page';

export const Route = createFileRoute('/_app/campaigns')({
  // Prefetch only: a failure shows the page's own error panel with Try Again.
  loader: ({ context }) => void context.queryClient.prefetchQuery(campaignsQueryOptions),
  component: CampaignsPage,
});
