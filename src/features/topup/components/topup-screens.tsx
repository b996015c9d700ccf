import { topUpScreen } from '@/entities/deposit/format';
import { DepositNotFound } from './deposit-unavailable';
import { DepositPage } from './deposit-page';
import { ReceiptPage } from './receipt-page';
import { TopUpPage } from './topup-page';

/**
 * The screens of /topup-balance and below: the form, a deposit's page, its receipt. One chunk for
 * all three (a deposit's page is where the form leads; a lazy part would add to the first load's
 * list of chunks).
 */
export function TopUpScreens({ pathname, search }: { pathname: string; search: string }) {
  const screen = topUpScreen(pathname, search);
  if (!screen) return <DepositNotFound />;
  if (screen.view === 'form') return <TopUpPage />;
  return screen.view === 'receipt' ? (
    <ReceiptPage key={screen.id} id={screen.id} />
  ) : (
    <DepositPage key={screen.id} id={screen.id} />
  );
}
