import { formatMoney } from '../../../shared/money';
import type { AccountStats } from '../../../shared/contract/stats';
import { useAccountStats } from '../../stats/api/get-stats';
import { count } from '../../stats/components/day-figures';
import { RangePicker, shortDay, ZoneNote } from '../../stats/components/range-picker';
import {
  DaysFigure,
  RangeBody,
  RangeError,
  RangeSkeleton,
  RangeTiles,
} from '../../stats/components/range-view';
import { useChosenRange } from '../../stats/range-store';
import * as styles from './performance.css';

function Figures({ stats, stale }: { stats: AccountStats; stale: boolean }) {
  const { totals } = stats;
  return (
    <RangeBody>
      <p className={styles.days}>
        {shortDay(stats.range.from)} – {shortDay(stats.range.to)}
      </p>
      <RangeTiles
        stale={stale}
        tiles={[
          { label: 'Total spend', value: formatMoney(totals.spend) },
          { label: 'Billed clicks', value: count(totals.clicks) },
          {
            label: 'Avg. cost per click',
            value: totals.clicks > 0 ? formatMoney(totals.avg_cpc) : '—',
          },
          { label: 'Active campaigns', value: count(totals.active_campaigns) },
        ]}
      />
      <DaysFigure days={stats.days} />
    </RangeBody>
  );
}

/**
 * Issue 19: what the money bought in the chosen range (POST /api/stats/account). Loaded lazily by
 * the dashboard: its code (and the chart's, later still) is not part of the first load.
 */
export default function PerformanceSection() {
  const range = useChosenRange();
  const stats = useAccountStats(range);
  return (
    <section className={styles.section} aria-labelledby="performance-heading">
      <div className={styles.header}>
        <h2 id="performance-heading" className={styles.title}>
          Performance
        </h2>
        <RangePicker />
      </div>
      <ZoneNote range={stats.data?.range} />
      {stats.isError ? (
        <RangeError
          error={stats.error}
          fallback="Could not load your spend and clicks. Please try again."
          retrying={stats.isFetching}
          onRetry={() => void stats.refetch()}
        />
      ) : stats.data ? (
        <Figures stats={stats.data} stale={stats.isPlaceholderData} />
      ) : (
        <RangeSkeleton
          label="Loading spend and clicks..."
          offline={stats.fetchStatus === 'paused'}
        />
      )}
    </section>
  );
}
