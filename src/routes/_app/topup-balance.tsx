import { createFileRoute } from '@tanstack/react-router';
import { UpcomingPage } from '../../features/shell/components/upcoming-page';

export const Route = createFileRoute('/_app/topup-balance')({
  component: () => (
    <UpcomingPage
      title="Topup Balance"
      subtitle="Add funds with ETH, USDC or USDT (ERC-20)"
      emptyTitle="Deposits are not available yet"
    >
      Topping up your balance with crypto will be possible here.
    </UpcomingPage>
  ),
});
