import { formatMoney } from '../../../shared/money';
import type { CampaignStats } from '../../../shared/contract/stats';
import { count } from '../../stats/components/day-figures';
import { RangePicker, shortDay, ZoneNote } from '../../stats/components/range-picker';
import {
  DaysFigure,
  RangeBody,
  RangeError,
  RangeSkeleton,
  RangeTiles,
} from '../../stats/components/range-view';
import { useRangeStats } from '../use-range-stats';
import { BudgetFigure } from './budget-figure';
import { ExportClicksButton } from './export-clicks-button';
import * as styles from './tracker.css';

function Figures({ stats, stale }: { stats: CampaignStats; stale: boolean }) {
  const { totals } = stats;
  return (
    <RangeBody>
      <p className={styles.muted}>
        {shortDay(stats.range.from)} – {shortDay(stats.range.to)}
      </p>
      <RangeTiles
        stale={stale}
        tiles={[
          { label: 'Spend', value: formatMoney(totals.spend) },
          { label: 'Billed clicks', value: count(totals.clicks) },
          {
            label: 'Avg. cost per click',
            value: totals.clicks > 0 ? formatMoney(totals.avg_cpc) : '—',
          },
          { label: 'Invalid clicks', value: count(totals.invalid) },
        ]}
      />
      <BudgetFigure stats={stats} />
      <DaysFigure days={stats.days} />
    </RangeBody>
  );
}

/**
 * Issue 19: the campaign's spend and clicks per day over the chosen range (POST /api/stats/campaign),
 * its spend to date against its budget, and its clicks per day as a CSV file.
 */
export function RangeCard({ username }: { username: string }) {
  const stats = useRangeStats(username);
  return (
    <section className={styles.rangeCard} aria-labelledby="tracker-range-heading">
      <div className={styles.rangeHeader}>
        <h2 id="tracker-range-heading" className={styles.rangeTitle}>
          Spend and Clicks in Range
        </h2>
        <RangePicker />
      </div>
      <ZoneNote range={stats.data?.range} />
      {stats.isError ? (
        <RangeError
          error={stats.error}
          fallback="Could not load the campaign's spend and clicks. Please try again."
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
      <ExportClicksButton
        username={username}
        stats={stats.isPlaceholderData || stats.isError ? undefined : stats.data}
      />
    </section>
  );
}
