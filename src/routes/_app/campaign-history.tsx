import { createFileRoute } from '@tanstack/react-router';
import { CampaignHistoryPage } from '@/features/campaign-history/components/campaign-history-page';

export const Route = createFileRoute('/_app/campaign-history')({
  component: CampaignHistoryPage,
});
