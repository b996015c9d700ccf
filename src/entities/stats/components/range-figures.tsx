import { useId } from 'react';
import { formatMoney } from '@/lib/format';
import type { CampaignsInRange } from '@/shared/contract/stats';
import { ErrorBox } from '@/ui/alert';
import { Button } from '@/ui/button';
import { useCampaignsInRange } from '../api/get-stats';
import { RangePicker, rangeLabel, ZoneNote } from './range-picker';
import { figuresLookup, sumFigures, type FiguresOf, type RowFigures } from '../csv-exports';
import { costPerClickText } from './day-figures';
import { useChosenRange } from '../range-store';
import { UpdatedAt } from './updated-at';
import * as styles from './range-figures.css';

/**
 * Issue 19: the figures of the chosen range on the All Campaigns and Expired Campaigns lists. The
 * lists show without them: while they load each row says "…", and a failure is said once, above the
 * list, with Try Again.
 */
export interface RangeFigures {
  /** What the figures cover, e.g. "Last 30 days". */
  label: string;
  /** `ready` once the chosen range's answer is here (last-known offline); `waiting` offline without one. */
  status: 'ready' | 'loading' | 'failed' | 'waiting';
  /** The chosen range's answer, when ready: its resolved days name the CSV file. */
  answer: CampaignsInRange | undefined;
  /** Each row's figures; while the next range loads, the last range's keep the list's order. */
  campaignsOf: FiguresOf;
  historyOf: FiguresOf;
  retry: () => void;
  retrying: boolean;
  /** When the figures shown were fetched (0 before). */
  updatedAt: number;
}

export function useRangeFigures(): RangeFigures {
  const chosen = useChosenRange();
  const query = useCampaignsInRange(chosen);
  const { data, isPlaceholderData } = query;
  const label =
    chosen.range === 'custom' && chosen.from && chosen.to
      ? rangeLabel('custom', { from: chosen.from, to: chosen.to })
      : rangeLabel(chosen.range);
  const fresh = data && !isPlaceholderData ? data : undefined;
  let status: RangeFigures['status'] = 'loading';
  if (fresh) status = 'ready';
  else if (query.isError) status = 'failed';
  else if (query.fetchStatus === 'paused') status = 'waiting';
  return {
    label,
    status,
    answer: fresh,
    campaignsOf: figuresLookup(data?.campaigns),
    historyOf: figuresLookup(data?.history),
    retry: () => void query.refetch(),
    retrying: query.isFetching,
    updatedAt: query.dataUpdatedAt,
  };
}

/** The range picker of a list, the time zone note, and what became of the figures. */
export function RangeBar({ figures }: { figures: RangeFigures }) {
  return (
    <div className={styles.bar}>
      <RangePicker shown={figures.answer?.range} />
      <ZoneNote range={figures.answer?.range} />
      <UpdatedAt at={figures.answer ? figures.updatedAt : 0} className={styles.note} />
      {figures.status === 'failed' ? (
        <ErrorBox>
          <p className={styles.errorText}>
            The spend and clicks for {figures.label} could not be loaded.
          </p>
          <Button variant="secondary" onClick={figures.retry} disabled={figures.retrying}>
            Try Again
          </Button>
        </ErrorBox>
      ) : null}
      {figures.status === 'waiting' ? (
        <p className={styles.note}>
          The spend and clicks for {figures.label} load when you are back online.
        </p>
      ) : null}
    </div>
  );
}

function Figure({ term, value }: { term: string; value: string | undefined }) {
  return (
    <div className={styles.figure}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>
        {value ?? (
          <>
            <span aria-hidden="true">…</span>
            <span className={styles.visuallyHidden}>loading</span>
          </>
        )}
      </dd>
    </div>
  );
}

/**
 * A row's (or the shown rows') spend, clicks and cost per click in the range, in one compact line
 * named by the range ("Last 30 days"). `figures` undefined: still loading.
 */
export function RangeLine({ label, figures }: { label: string; figures: RowFigures | undefined }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className={styles.line}>
      <span id={id} className={styles.label}>
        {label}
      </span>
      <dl className={styles.figures}>
        <Figure term="Spend" value={figures && formatMoney(figures.spend)} />
        <Figure term="Clicks" value={figures?.clicks.toLocaleString('en-US')} />
        <Figure term="Avg. CPC" value={figures && costPerClickText(figures)} />
        {figures && figures.credited_clicks > 0 ? (
          // Issue 35 point 4: credits where spend is, and the spend net of them.
          <>
            <Figure
              term="Credits"
              value={`${formatMoney(figures.credits)} (${figures.credited_clicks.toLocaleString('en-US')} ${figures.credited_clicks === 1 ? 'click' : 'clicks'})`}
            />
            <Figure term="Net spend" value={formatMoney(figures.net_spend)} />
          </>
        ) : null}
      </dl>
      {figures?.credit_reasons ? (
        <p className={styles.reasons}>Credited for: {figures.credit_reasons.join('; ')}</p>
      ) : null}
    </div>
  );
}

/** A row's line: its figures once ready, "…" while loading, nothing when they failed. */
export function RowRangeLine({
  figures,
  of,
  id,
}: {
  figures: RangeFigures;
  of: 'campaigns' | 'history';
  id: number;
}) {
  if (figures.status === 'failed' || figures.status === 'waiting') return null;
  const lookup = of === 'campaigns' ? figures.campaignsOf : figures.historyOf;
  return (
    <RangeLine
      label={figures.label}
      figures={figures.status === 'ready' ? lookup(id) : undefined}
    />
  );
}

/** The shown rows' totals in the range ("Total, Last 30 days"), once ready; "…" while loading. */
export function TotalsLine({
  figures,
  of,
  ids,
}: {
  figures: RangeFigures;
  of: 'campaigns' | 'history';
  ids: readonly number[];
}) {
  if (ids.length === 0 || figures.status === 'failed' || figures.status === 'waiting') return null;
  const lookup = of === 'campaigns' ? figures.campaignsOf : figures.historyOf;
  const totals = figures.status === 'ready' ? sumFigures(ids.map(lookup)) : undefined;
  return <RangeLine label={`Total, ${figures.label}`} figures={totals} />;
}
