import { createFileRoute } from '@tanstack/react-router';
import { UpcomingPage } from '../../features/shell/components/upcoming-page';

export const Route = createFileRoute('/_app/transactions')({
  component: () => (
    <UpcomingPage
      title="Transactions"
      subtitle="Your wallet transaction history"
      emptyTitle="Nothing to show yet"
    >
      Your deposits and their status will be listed here.
    </UpcomingPage>
  ),
});
