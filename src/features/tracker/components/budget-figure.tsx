import { useMemo } from 'react';
import { formatMoney } from '@/shared/money';
import type { CampaignStats } from '@/shared/contract/stats';
import { cumulativeSpendCents, dayRows } from '@/entities/stats/components/day-figures';
import { shortDay } from '@/entities/stats/components/range-picker';
import * as styles from './tracker.css';

const WIDTH = 600;
const HEIGHT = 120;

/** `9.6%` of the budget, one decimal; none without a budget. */
function share(partCents: number, wholeCents: number): string {
  return wholeCents > 0 ? ` (${((partCents / wholeCents) * 100).toFixed(1)}%)` : '';
}

/**
 * Issue 19: what the campaign had been billed by the end of each day of the range (what it was
 * billed before the range, then each day's spend), against its budget: a line under a dashed one,
 * told in a sentence (the drawing is hidden from assistive technology).
 */
export function BudgetFigure({ stats }: { stats: CampaignStats }) {
  const cumulative = useMemo(
    () => cumulativeSpendCents(stats.spend_before, dayRows(stats.days)),
    [stats],
  );
  const budgetCents = Math.round(stats.budget * 100);
  const beforeCents = Math.round(stats.spend_before * 100);
  const lastCents = cumulative.at(-1) ?? beforeCents;
  const top = Math.max(budgetCents, lastCents, 1);
  const y = (cents: number) => HEIGHT - (cents / top) * (HEIGHT - 8);
  // From the range's start (what was billed before it) to each day's end.
  const step = WIDTH / Math.max(1, cumulative.length);
  const line = [beforeCents, ...cumulative]
    .map((cents, index) => `${index * step},${y(cents)}`)
    .join(' ');

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
          Billed to date
        </li>
        <li>
          <span className={styles.budgetSwatch.budget} aria-hidden="true" />
          Budget
        </li>
      </ul>
      <figcaption className={styles.muted}>
        Billed by {shortDay(stats.range.to)}: {formatMoney(lastCents / 100)} of the{' '}
        {formatMoney(stats.budget)} budget{share(lastCents, budgetCents)}, of which{' '}
        {formatMoney(beforeCents / 100)} before {shortDay(stats.range.from)}.
      </figcaption>
    </figure>
  );
}
