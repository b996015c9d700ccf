import type { AdPackage } from '@/shared/contract/campaigns';
import { clicksForDeposit, needsCategory } from '@/shared/rules/campaign-rules';
import { formatMoney } from '@/lib/format';
import { Card } from '@/ui/card';
import { typedDeposit } from '../campaign-form';
import * as styles from './campaign-form.css';

function categoryText(adPackage: AdPackage | undefined, categoryName: string): string {
  if (!adPackage) return '—';
  if (needsCategory(adPackage.id)) return categoryName || 'Not selected';
  return adPackage.categories.join(', ');
}

/** Spec §2: what the deposit buys, updated as the form changes. */
export function EstimatePanel({
  username,
  adPackage,
  categoryName,
  amount,
}: {
  username: string;
  adPackage: AdPackage | undefined;
  categoryName: string;
  amount: string;
}) {
  // Only an amount the server would take: 100.005 is refused, never shown as $100.01.
  const deposit = typedDeposit(amount);
  const clicks = adPackage && deposit !== null ? clicksForDeposit(deposit, adPackage) : null;
  return (
    <Card title="Campaign Estimate">
      <dl className={styles.rows} aria-label="Campaign estimate">
        <div className={styles.row}>
          <dt className={styles.term}>Target</dt>
          <dd className={styles.value}>@{username}</dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.term}>Package</dt>
          <dd className={styles.value}>{adPackage?.name ?? 'Not selected'}</dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.term}>Category</dt>
          <dd className={styles.value}>{categoryText(adPackage, categoryName)}</dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.term}>Deposit</dt>
          <dd className={styles.value}>{deposit === null ? '—' : `${formatMoney(deposit)} USD`}</dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.term}>Cost per Click</dt>
          <dd className={styles.value}>{adPackage ? formatMoney(adPackage.click_rate) : '—'}</dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.term}>Estimated Clicks</dt>
          <dd className={styles.highlight}>
            {clicks === null ? '—' : clicks.toLocaleString('en-US')}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
