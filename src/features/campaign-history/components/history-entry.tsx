import type { CampaignHistoryEntry } from '@/shared/contract/campaigns';
import { formatMoney, formatShortDate } from '@/lib/format';
import { RowRangeLine, type RangeFigures } from '@/entities/stats/components/range-figures';
import { durationDays, performance } from '../history-list';
import * as styles from './campaign-history.css';

function Stat({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{value}</dd>
    </div>
  );
}

const count = (n: number) => n.toLocaleString('en-US');

/** One ended campaign (spec §2 Expired Campaigns rows). */
export function HistoryEntry({
  entry,
  figures,
}: {
  entry: CampaignHistoryEntry;
  /** Issue 19: the part of its period inside the chosen range. */
  figures: RangeFigures;
}) {
  const days = durationDays(entry);
  return (
    <article className={styles.entry} aria-label={entry.profile_id}>
      <div className={styles.entryHeader}>
        <h2 className={styles.profile}>{entry.profile_id}</h2>
        <span className={styles.ended}>Ended {formatShortDate(entry.end_date)}</span>
      </div>
      <div className={styles.chips}>
        <span className={styles.packageChip}>{entry.package_name}</span>
        {entry.categories.map((category) => (
          <span key={category} className={styles.categoryChip}>
            {category}
          </span>
        ))}
      </div>
      <div className={styles.rangeLine}>
        <RowRangeLine figures={figures} of="history" id={entry.id} />
      </div>
      <dl className={styles.stats}>
        <Stat term="Clicks Purchased" value={count(entry.total_clicks_purchased)} />
        <Stat term="Used Clicks" value={count(entry.clicks_count)} />
        <Stat term="Performance" value={`${Math.round(performance(entry) * 100)}%`} />
        <Stat term="Total Spent" value={formatMoney(entry.total_spent)} />
        <Stat term="Rate" value={`${formatMoney(entry.click_rate)}/click`} />
        <Stat term="Budget" value={formatMoney(entry.amount_deposit)} />
        <Stat term="Duration" value={`${days} ${days === 1 ? 'day' : 'days'}`} />
        <Stat term="Start Date" value={formatShortDate(entry.start_date)} />
        <Stat term="End Date" value={formatShortDate(entry.end_date)} />
      </dl>
    </article>
  );
}
