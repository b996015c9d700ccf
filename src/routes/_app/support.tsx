import { createFileRoute } from '@tanstack/react-router';
import { UpcomingPage } from '../../features/shell/components/upcoming-page';

export const Route = createFileRoute('/_app/support')({
  component: () => (
    <UpcomingPage
      title="Support"
      subtitle="We are here to help"
      emptyTitle="Support center coming soon"
    >
      Chat and e-mail contacts and answers to common questions will appear here.
    </UpcomingPage>
  ),
});
