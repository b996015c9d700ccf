import { formatMoney } from '@/shared/money';
import { useAccountStats } from '@/entities/stats/api/get-stats';
import { costPerClickText, count } from '@/entities/stats/components/day-figures';
import { changesOf, CompareNote } from '@/entities/stats/components/compare';
import { CreditsNote } from '@/entities/stats/components/credits-note';
import { DaysFigure, RangeSection, RangeTiles } from '@/entities/stats/components/range-view';
import { muted } from '@/entities/stats/components/range-view.css';
import { useChosenRange } from '@/entities/stats/range-store';

/**
 * Issue 19: what the money bought in the chosen range (POST /api/stats/account). Loaded lazily by
 * the dashboard: its code (and the chart's, later still) is not part of the first load.
 */
export default function PerformanceSection() {
  const chosen = useChosenRange();
  const stats = useAccountStats(chosen);
  return (
    <RangeSection
      title="Performance"
      query={stats}
      errorFallback="Could not load your spend and clicks. Please try again."
    >
      {({ totals, days, hours, range, previous, credit_notes }, stale) => {
        const change = changesOf(totals, previous);
        return (
          <>
            <RangeTiles
              stale={stale}
              tiles={[
                { label: 'Total spend', value: formatMoney(totals.spend), change: change.spend },
                { label: 'Billed clicks', value: count(totals.clicks), change: change.clicks },
                {
                  label: 'Avg. cost per click',
                  value: costPerClickText(totals),
                  change: change.cpc,
                },
                { label: 'Active campaigns', value: count(totals.active_campaigns) },
              ]}
            />
            {stale ? null : (
              <CompareNote
                previous={previous}
                timeZone={range.time_zone}
                allTime={chosen.range === 'all'}
                className={muted}
              />
            )}
            <CreditsNote totals={totals} notes={credit_notes} timeZone={range.time_zone} />
            <DaysFigure days={days} hours={hours} timeZone={range.time_zone} />
          </>
        );
      }}
    </RangeSection>
  );
}
