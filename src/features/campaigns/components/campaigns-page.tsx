import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { Button, buttonClass } from '@/ui/button';
import { Card, EmptyState, PageHeader } from '@/ui/card';
import { useFeedback } from '@/ui/feedback';
import { FeedbackBox } from '@/ui/feedback-box';
import { Icon } from '@/ui/icons';
import { SelectFilter } from '@/ui/select-filter';
import { Spinner } from '@/ui/spinner';
import { campaignsCsv, csvFileName } from '@/entities/stats/csv-exports';
import { useQueryClient } from '@tanstack/react-query';
import { campaignsQueryKey, useCampaigns } from '@/entities/campaign/api/get-campaigns';
import {
  filterCampaigns,
  PACKAGE_FILTER_OPTIONS,
  SORT_OPTIONS,
  type CampaignFilters,
} from '../campaign-filters';
import type { StatusFilter } from '@/entities/campaign/campaign-list';
import { CampaignCard } from './campaign-card';
import { ExportCsvButton, type CsvBuild } from '@/ui/export-csv-button';
import { RangeBar, TotalsLine, useRangeFigures } from '@/entities/stats/components/range-figures';
import * as styles from './campaigns-page.css';
import * as rangeStyles from '@/entities/stats/components/range-figures.css';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'expired', label: 'Expired' },
];

const PACKAGE_OPTIONS = [
  { value: 'all', label: 'All Packages' },
  ...PACKAGE_FILTER_OPTIONS.map((name) => ({ value: name, label: name })),
];

/** /campaigns: "Your Campaigns" (spec §2 All Campaigns). */
export function CampaignsPage() {
  const campaigns = useCampaigns();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<CampaignFilters>({
    search: '',
    status: 'all',
    packageName: 'all',
    sort: 'newest',
  });
  const { feedback, showSuccess: onDone, dismiss } = useFeedback();
  const figures = useRangeFigures();
  const all = campaigns.data ?? [];
  const shown = filterCampaigns(all, filters, figures.campaignsOf);
  const { answer } = figures;
  // The file is the list as shown: same rows, same order, same figures.
  const exportFile: CsvBuild | undefined =
    answer && shown.length > 0
      ? (unparseCsv) => ({
          text: campaignsCsv(shown, figures.campaignsOf, unparseCsv, answer.range.time_zone),
          fileName: csvFileName('campaigns', answer.range),
        })
      : undefined;

  return (
    <>
      <PageHeader
        title="Your Campaigns"
        subtitle="Manage every campaign you have started"
        updating={campaigns.isRefetching}
        actions={
          <div className={styles.headerActions}>
            <Button
              variant="secondary"
              // Issue 35 point 5: the cards and their range figures alike (all below the key).
              onClick={() => void queryClient.invalidateQueries({ queryKey: campaignsQueryKey })}
              disabled={campaigns.isFetching}
            >
              {campaigns.isFetching ? 'Refreshing...' : 'Refresh'}
            </Button>
            <Link to="/create-campaign" className={buttonClass('primary')}>
              <Icon name="plus" /> New Campaign
            </Link>
          </div>
        }
      />
      <div className={styles.stack}>
        <FeedbackBox feedback={feedback} onDismiss={dismiss} />
        <div className={styles.toolbar}>
          <div className={styles.searchField}>
            <label htmlFor="campaign-search" className={styles.visuallyHidden}>
              Search campaigns
            </label>
            <input
              id="campaign-search"
              type="search"
              className={styles.searchInput}
              placeholder="Search campaigns..."
              value={filters.search}
              onChange={(event) => setFilters({ ...filters, search: event.target.value })}
            />
          </div>
          <SelectFilter
            label="Status"
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(status) => setFilters({ ...filters, status })}
          />
          <SelectFilter
            label="Package"
            value={filters.packageName}
            options={PACKAGE_OPTIONS}
            onChange={(packageName) => setFilters({ ...filters, packageName })}
          />
          <SelectFilter
            label="Sort by"
            className={styles.sortField}
            value={filters.sort}
            options={SORT_OPTIONS}
            onChange={(sort) => setFilters({ ...filters, sort })}
          />
          <div className={styles.rangeField}>
            <RangeBar figures={figures} />
          </div>
        </div>
        {campaigns.isPending ? (
          <Spinner label="Loading campaigns..." />
        ) : campaigns.isError ? (
          <Card>
            <EmptyState icon="!" title="Could not load campaigns">
              <p>{errorMessage(campaigns.error, 'Error fetching campaigns, please try again')}</p>
              <Button onClick={() => void campaigns.refetch()}>Try Again</Button>
            </EmptyState>
          </Card>
        ) : (
          <>
            <div className={rangeStyles.summary}>
              <div className={rangeStyles.summaryFigures}>
                <p className={styles.count} aria-live="polite">
                  {shown.length} of {all.length} campaigns
                </p>
                <TotalsLine
                  figures={figures}
                  of="campaigns"
                  ids={shown.map((campaign) => campaign.id)}
                />
              </div>
              <ExportCsvButton what="the campaigns" build={exportFile} />
            </div>
            {all.length === 0 ? (
              <Card>
                <EmptyState title="No campaigns yet">
                  <p>Start promoting a creator profile to see it here.</p>
                  <Link to="/create-campaign" className={buttonClass('primary')}>
                    Create Your First Campaign
                  </Link>
                </EmptyState>
              </Card>
            ) : shown.length === 0 ? (
              <Card>
                <EmptyState title="No campaigns found">
                  <p>Try another search or filter.</p>
                </EmptyState>
              </Card>
            ) : (
              <div className={styles.grid}>
                {shown.map((campaign) => (
                  <CampaignCard
                    key={campaign.id}
                    campaign={campaign}
                    figures={figures}
                    onDone={onDone}
                  />
                ))}
              </div>
            )}
          </>
        )}
      </div>
    </>
  );
}
