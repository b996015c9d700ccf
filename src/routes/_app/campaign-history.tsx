import { createFileRoute } from '@tanstack/react-router';
import { UpcomingPage } from '../../features/shell/components/upcoming-page';

export const Route = createFileRoute('/_app/campaign-history')({
  component: () => (
    <UpcomingPage
      title="Expired Campaigns"
      subtitle="Previous campaigns, inactive or deleted"
      emptyTitle="Nothing to show yet"
    >
      Your ended campaigns will be listed here.
    </UpcomingPage>
  ),
});
