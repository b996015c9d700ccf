import { createFileRoute } from '@tanstack/react-router';
import { UpcomingPage } from '../../features/shell/components/upcoming-page';

export const Route = createFileRoute('/_app/notifications')({
  component: () => (
    <UpcomingPage
      title="Notifications"
      subtitle="Updates about your campaigns and deposits"
      emptyTitle="Nothing to show yet"
    >
      Your notifications will appear here.
    </UpcomingPage>
  ),
});
