import { createFileRoute } from '@tanstack/react-router';
import { UpcomingPage } from '../../../features/shell/components/upcoming-page';

export const Route = createFileRoute('/_app/create-campaign/')({
  component: () => (
    <UpcomingPage
      title="New Campaign"
      subtitle="Find a creator profile to promote"
      emptyTitle="Creator search is not available yet"
    >
      Searching creator profiles and starting campaigns will be possible here.
    </UpcomingPage>
  ),
});
