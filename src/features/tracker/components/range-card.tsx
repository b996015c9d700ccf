import { formatMoney } from '@/shared/money';
import type { CampaignStats } from '@/shared/contract/stats';
import { ExportCsvButton, type CsvBuild } from '@/ui/export-csv-button';
import { costPerClickText, count } from '@/entities/stats/components/day-figures';
import { changesOf, CompareNote } from '@/entities/stats/components/compare';
import { CreditsNote } from '@/entities/stats/components/credits-note';
import { DaysFigure, RangeSection, RangeTiles } from '@/entities/stats/components/range-view';
import { muted } from '@/entities/stats/components/range-view.css';
import { useChosenRange } from '@/entities/stats/range-store';
import { useRangeStats } from '../use-range-stats';
import { BudgetFigure } from './budget-figure';
import { EarlierPackagesNote } from './earlier-packages-note';

/**
 * The campaign's clicks per day (or hour) in the range shown, from its creation on, as
 * clicks-<username>-<from>-to-<to>.csv.
 */
function clicksFile(username: string, createdAt: string, stats: CampaignStats): CsvBuild {
  return async (unparseCsv) => {
    const { clicksCsv, clicksCsvFileName } = await import('../clicks-csv');
    return {
      text: clicksCsv(stats, createdAt, unparseCsv),
      fileName: clicksCsvFileName(username, stats.range),
    };
  };
}

/**
 * Issue 19: the campaign's spend and clicks per day over the chosen range (POST /api/stats/campaign),
 * its spend to date against its budget, and its clicks per day as a CSV file. The figures are the
 * profile's: earlier packages on it included, and named (issue 35 point 6).
 */
export function RangeCard({ username, createdAt }: { username: string; createdAt: string }) {
  const allTime = useChosenRange().range === 'all';
  const stats = useRangeStats(username);
  const shown = stats.isPlaceholderData || stats.isError ? undefined : stats.data;
  return (
    <RangeSection
      title="Spend and Clicks in Range"
      query={stats}
      errorFallback="Could not load the campaign's spend and clicks. Please try again."
      padding="xl"
      footer={
        <ExportCsvButton
          what="the clicks per day"
          align="start"
          build={shown ? clicksFile(username, createdAt, shown) : undefined}
        />
      }
    >
      {(data, stale) => {
        const change = changesOf(data.totals, data.previous);
        return (
          <>
            <RangeTiles
              stale={stale}
              tiles={[
                { label: 'Spend', value: formatMoney(data.totals.spend), change: change.spend },
                { label: 'Billed clicks', value: count(data.totals.clicks), change: change.clicks },
                {
                  label: 'Avg. cost per click',
                  value: costPerClickText(data.totals),
                  change: change.cpc,
                },
                { label: 'Invalid clicks', value: count(data.totals.invalid) },
              ]}
            />
            {stale ? null : (
              <CompareNote
                previous={data.previous}
                timeZone={data.range.time_zone}
                allTime={allTime}
                className={muted}
              />
            )}
            <CreditsNote
              totals={data.totals}
              notes={data.credit_notes}
              timeZone={data.range.time_zone}
            />
            <EarlierPackagesNote earlier={data.earlier_packages} />
            <BudgetFigure stats={data} />
            <DaysFigure days={data.days} hours={data.hours} timeZone={data.range.time_zone} />
          </>
        );
      }}
    </RangeSection>
  );
}
