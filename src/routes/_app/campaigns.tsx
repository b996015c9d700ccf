import { createFileRoute } from '@tanstack/react-router';
import { UpcomingPage } from '../../features/shell/components/upcoming-page';

export const Route = createFileRoute('/_app/campaigns')({
  component: () => (
    <UpcomingPage
      title="Your Campaigns"
      subtitle="Every campaign you have started"
      emptyTitle="Nothing to show yet"
    >
      Your campaigns will be listed here.
    </UpcomingPage>
  ),
});
