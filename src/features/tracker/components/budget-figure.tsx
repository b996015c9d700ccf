import { useMemo } from 'react';
import { formatMoney } from '@/shared/money';
import type { CampaignStats } from '@/shared/contract/stats';
import { dayRows, periodSpendCents } from '@/entities/stats/components/day-figures';
import { shortDay } from '@/entities/stats/components/range-picker';
import * as styles from './tracker.css';

const WIDTH = 600;
const HEIGHT = 120;

/** `9.6%` of the budget, one decimal; none without a budget. */
function share(partCents: number, wholeCents: number): string {
  return wholeCents > 0 ? ` (${((partCents / wholeCents) * 100).toFixed(1)}%)` : '';
}

/** "This period (since Dec 6, 2026)", or "Last period (Dec 1, 2026 – Dec 5, 2026)" once ended. */
function periodName(period: CampaignStats['period']): string {
  if (period.to === null) return `This period (since ${shortDay(period.from)})`;
  return `Last period (${shortDay(period.from)} – ${shortDay(period.to)})`;
}

/**
 * Issues 19 and 35: what the campaign's current period had been billed by the end of each day of the
 * range, against that period's budget (like against like: the lifetime spend of a reactivated
 * campaign is not set against its new budget): a line under a dashed one, told in a sentence (the
 * drawing is hidden from assistive technology).
 */
export function BudgetFigure({ stats }: { stats: CampaignStats }) {
  const points = useMemo(() => periodSpendCents(stats.period, dayRows(stats.days)), [stats]);
  const budgetCents = Math.round(stats.period.budget * 100);
  const lastCents = points.at(-1) ?? 0;
  const top = Math.max(budgetCents, lastCents, 1);
  const y = (cents: number) => HEIGHT - (cents / top) * (HEIGHT - 8);
  // From the range's start to each day's end.
  const step = WIDTH / Math.max(1, points.length - 1);
  const line = points.map((cents, index) => `${index * step},${y(cents)}`).join(' ');

  return (
    <figure className={styles.budgetFigure}>
      <svg
        className={styles.budgetChart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        <line
          x1={0}
          x2={WIDTH}
          y1={y(budgetCents)}
          y2={y(budgetCents)}
          className={styles.budgetLine}
          vectorEffect="non-scaling-stroke"
        />
        <polyline points={line} className={styles.spentLine} vectorEffect="non-scaling-stroke" />
      </svg>
      <ul className={styles.budgetLegend}>
        <li>
          <span className={styles.budgetSwatch.spent} aria-hidden="true" />
          Billed in the period
        </li>
        <li>
          <span className={styles.budgetSwatch.budget} aria-hidden="true" />
          The period&apos;s budget
        </li>
      </ul>
      <figcaption className={styles.muted}>
        {periodName(stats.period)}: {formatMoney(lastCents / 100)} of its{' '}
        {formatMoney(stats.period.budget)} budget billed by {shortDay(stats.range.to)}
        {share(lastCents, budgetCents)}.
      </figcaption>
    </figure>
  );
}
