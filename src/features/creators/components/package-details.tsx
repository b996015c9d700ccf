import type { AdPackage } from '@/shared/contract/campaigns';
import { formatMoney } from '@/lib/format';
import { Card } from '@/ui/card';
import * as styles from './campaign-form.css';

/** Spec §2 package details: look, pop-ups (packages 1 and 2 only, as the server says), rate, categories. */
export function PackageDetails({ adPackage }: { adPackage: AdPackage | undefined }) {
  if (!adPackage) {
    return (
      <Card title="Package Details">
        <p className={styles.muted}>Select a package to see what it includes.</p>
      </Card>
    );
  }
  return (
    <Card title="Package Details">
      <dl className={styles.rows} aria-label="Package details">
        <div className={styles.row}>
          <dt className={styles.term}>Name</dt>
          <dd className={styles.value}>{adPackage.name}</dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.term}>Look</dt>
          <dd className={styles.value}>
            {adPackage.ad_icon ? 'Shown with an ad icon' : 'Organic look (no ad icon)'}
          </dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.term}>Pop-up ads</dt>
          <dd className={styles.value}>{adPackage.popup_ads ? 'Included' : 'Not included'}</dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.term}>Base rate</dt>
          <dd className={styles.value}>{formatMoney(adPackage.click_rate)} per click</dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.term}>Ranks</dt>
          <dd className={styles.value}>{adPackage.ranks}</dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.term}>Categories</dt>
          <dd className={styles.chips}>
            {adPackage.categories.map((category) => (
              <span key={category} className={styles.chip}>
                {category}
              </span>
            ))}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
