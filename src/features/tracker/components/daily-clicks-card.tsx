import { useMemo } from 'react';
import { errorMessage } from '@/lib/error-message';
import { browserTimeZone } from '@/lib/time-zone';
import type { ClicksOverTime } from '@/shared/contract/campaigns';
import { Card } from '@/ui/card';
import { Spinner } from '@/ui/spinner';
import { useDailyClicks } from '@/entities/campaign/api/get-daily-clicks';
import { ClicksFigure } from '@/entities/stats/components/clicks-figure';
import { bucketSeconds, chartSummary, clicksTable, invalidTotal, pointText } from '../chart-labels';
import { EarlierPackagesNote } from './earlier-packages-note';
import * as styles from './tracker.css';

const STEP_SECONDS = { hour: 3600, day: 86_400 } as const;

function LifetimeFigure({ clicks }: { clicks: ClicksOverTime }) {
  const points = useMemo(
    () =>
      clicks.data.map((point) => ({
        start: bucketSeconds(point.date),
        clicks: point.clicks,
        invalid: invalidTotal(point.invalid),
        spend: point.spend,
      })),
    [clicks],
  );
  return (
    <>
      <EarlierPackagesNote earlier={clicks.earlier_packages} />
      <ClicksFigure
        label={`Clicks and spend per ${clicks.granularity}`}
        points={points}
        step={STEP_SECONDS[clicks.granularity]}
        // Days come as dates placed at UTC midnight (labelled as themselves); hours as instants.
        timeZone={clicks.granularity === 'hour' ? browserTimeZone() : 'Etc/UTC'}
        readout={(index) => pointText(clicks.data[index]!, clicks.granularity)}
        summary={chartSummary(clicks)}
        table={clicksTable(clicks)}
      />
      {clicks.budget_reached ? (
        <p className={styles.muted}>
          Daily budget reached: {clicks.budget_reached.toLocaleString('en-US')} valid{' '}
          {clicks.budget_reached === 1 ? 'click was' : 'clicks were'} not billed because the
          day&apos;s budget was spent.
        </p>
      ) : null}
    </>
  );
}

/**
 * Billed clicks, spend and invalid (unbilled) clicks per hour or day over the campaign's life
 * (POST /api/campaign-daily-clicks): the profile's, earlier packages on it included and named (issue
 * 35 point 6).
 */
export function DailyClicksCard({ username }: { username: string }) {
  const clicks = useDailyClicks(username);
  return (
    // Lifetime, labelled as such: the tiles above show the current period (issue 13).
    <Card title="Lifetime Clicks and Spend">
      {clicks.isPending ? (
        <Spinner label="Loading daily clicks..." />
      ) : clicks.isError ? (
        <p className={styles.muted}>
          {errorMessage(clicks.error, 'Failed to fetch daily clicks.')}
        </p>
      ) : (
        <LifetimeFigure clicks={clicks.data} />
      )}
    </Card>
  );
}
