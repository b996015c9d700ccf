import { createFileRoute } from '@tanstack/react-router';
import { UpcomingPage } from '../../features/shell/components/upcoming-page';

export const Route = createFileRoute('/_app/dashboard')({
  component: () => (
    <UpcomingPage
      title="Campaign Dashboard"
      subtitle="An overview of your promotion campaigns"
      emptyTitle="Nothing to show yet"
    >
      Campaign statistics and the campaign list will appear here.
    </UpcomingPage>
  ),
});
