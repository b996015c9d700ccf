import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '@/lib/error-message';
import type { CampaignHistoryEntry } from '@/shared/contract/campaigns';
import { Button, buttonClass } from '@/ui/button';
import { Card, EmptyState, PageHeader } from '@/ui/card';
import * as fieldStyles from '@/ui/field.css';
import { Spinner } from '@/ui/spinner';
import { ExportCsvButton, type CsvBuild } from '@/ui/export-csv-button';
import {
  RangeBar,
  TotalsLine,
  useRangeFigures,
  type RangeFigures,
} from '@/entities/stats/components/range-figures';
import { csvFileName, historyCsv } from '@/entities/stats/csv-exports';
import { useCampaignHistory } from '../api/get-campaign-history';
import {
  ALL_PACKAGES,
  PACKAGE_NAMES,
  SORT_NAMES,
  viewHistory,
  type HistoryView,
  type SortName,
} from '../history-list';
import { HistoryEntry } from './history-entry';
import * as styles from './campaign-history.css';

/** The file is the list as shown: same entries, same order, same figures. */
function exportFile(entries: CampaignHistoryEntry[], figures: RangeFigures): CsvBuild | undefined {
  const { answer } = figures;
  if (!answer || entries.length === 0) return undefined;
  return (unparseCsv) => ({
    text: historyCsv(entries, figures.historyOf, unparseCsv, answer.range.time_zone),
    fileName: csvFileName('campaign-history', answer.range),
  });
}

function Toolbar({
  view,
  onChange,
  shown,
  total,
  range,
}: {
  view: HistoryView;
  onChange: (view: HistoryView) => void;
  shown: number;
  total: number;
  /** The range picker, the shown entries' totals and the export (issue 19). */
  range: ReactNode;
}) {
  return (
    <Card>
      <div className={styles.toolbar}>
        <input
          type="search"
          className={fieldStyles.input}
          aria-label="Search campaign history"
          placeholder="Search by profile, package or category..."
          value={view.search}
          onChange={(event) => onChange({ ...view, search: event.target.value })}
        />
        <select
          aria-label="Package"
          className={`${fieldStyles.input} ${styles.select}`}
          value={view.packageName}
          onChange={(event) => onChange({ ...view, packageName: event.target.value })}
        >
          {[ALL_PACKAGES, ...PACKAGE_NAMES].map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
        <select
          aria-label="Sort by"
          title="Performance = clicks used ÷ clicks purchased"
          className={`${fieldStyles.input} ${styles.select}`}
          value={view.sort}
          onChange={(event) => onChange({ ...view, sort: event.target.value as SortName })}
        >
          {SORT_NAMES.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </div>
      <div className={styles.toolbarFooter}>
        <span>
          {shown} of {total} campaigns
        </span>
        <span>Performance = clicks used ÷ clicks purchased</span>
      </div>
      {range}
    </Card>
  );
}

/** /campaign-history (spec §2 Expired Campaigns). */
export function CampaignHistoryPage() {
  const history = useCampaignHistory();
  const figures = useRangeFigures();
  const [view, setView] = useState<HistoryView>({
    search: '',
    packageName: ALL_PACKAGES,
    sort: 'Newest First',
  });

  let content;
  if (history.isPending) content = <Spinner label="Loading campaign history..." />;
  else if (history.isError) {
    content = (
      <Card>
        <EmptyState icon="!" title="Error fetching campaign history">
          <p>{errorMessage(history.error, 'Error fetching campaign history, please try again')}</p>
          <Button onClick={() => void history.refetch()} disabled={history.isFetching}>
            Try Again
          </Button>
        </EmptyState>
      </Card>
    );
  } else if (history.data.length === 0) {
    content = (
      <Card>
        <EmptyState icon="○" title="No campaign history yet">
          <p>Campaigns you pause or delete will be listed here.</p>
          <Link to="/campaigns" className={buttonClass('secondary')}>
            Your Campaigns
          </Link>
        </EmptyState>
      </Card>
    );
  } else {
    const entries = viewHistory(history.data, view, figures.historyOf);
    content = (
      <>
        <Toolbar
          view={view}
          onChange={setView}
          shown={entries.length}
          total={history.data.length}
          range={
            <div className={styles.range}>
              <RangeBar figures={figures} />
              <div className={styles.rangeSummary}>
                <TotalsLine figures={figures} of="history" ids={entries.map((entry) => entry.id)} />
                <ExportCsvButton what="the campaign history" build={exportFile(entries, figures)} />
              </div>
            </div>
          }
        />
        {entries.length === 0 ? (
          <Card>
            <EmptyState icon="?" title="No campaigns found">
              <p>Try another search or package.</p>
            </EmptyState>
          </Card>
        ) : (
          <ul className={styles.list} aria-label="Expired campaigns">
            {entries.map((entry) => (
              <li key={entry.id}>
                <HistoryEntry entry={entry} figures={figures} />
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Expired Campaigns"
        subtitle="Your previous campaigns"
        updating={history.isRefetching}
      />
      <div className={styles.stack}>
        <p role="note" className={styles.info}>
          <span aria-hidden="true" className={styles.infoIcon}>
            ℹ
          </span>
          These are your previous campaigns: campaigns that are inactive or were deleted.
        </p>
        {content}
      </div>
    </>
  );
}
