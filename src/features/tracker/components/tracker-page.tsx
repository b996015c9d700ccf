import { Link, useNavigate } from '@tanstack/react-router';
import { errorMessage } from '@/lib/error-message';
import { formatCompactCount, formatMoney, formatShortDate } from '@/lib/format';
import type { Campaign } from '@/shared/contract/campaigns';
import { Button, buttonClass } from '@/ui/button';
import { Card, EmptyState, PageHeader } from '@/ui/card';
import { useFeedback } from '@/ui/feedback';
import { FeedbackBox } from '@/ui/feedback-box';
import { Spinner } from '@/ui/spinner';
import { useCampaignDetails } from '@/entities/campaign/api/get-campaign-details';
import { useDailyClicks } from '@/entities/campaign/api/get-daily-clicks';
import { clicksLevel, clicksUsed } from '@/entities/campaign/campaign-list';
import { CampaignActions } from '@/entities/campaign/components/campaign-actions';
import { dailyBudgetText, endsOnText } from '@/entities/campaign/limits';
import { StatusBadge } from '@/entities/campaign/components/status-badge';
import * as shared from '@/entities/campaign/components/campaigns.css';
import { usePartnerProfileUrl } from '@/entities/campaign/components/use-partner-profile-url';
import { ENDED_REASON_TEXT, endedReason } from '../ended-reason';
import { useRangeStats } from '../use-range-stats';
import { DailyClicksCard } from './daily-clicks-card';
import { RangeCard } from './range-card';
import * as styles from './tracker.css';

function Tile({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={styles.tile}>
      <dt className={styles.tileLabel}>{label}</dt>
      <dd className={`${styles.tileValue} ${className ?? ''}`}>{value}</dd>
    </div>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className={styles.row}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.definition}>{children}</dd>
    </div>
  );
}

// The tracker is lazy: Intl's first-use cost is not on a first screen here.
const clockTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** Spec §2: the 30-minute refresh, when the shown data was fetched, and a refresh on demand. */
function RefreshBar({ username }: { username: string }) {
  const details = useCampaignDetails(username);
  const clicks = useDailyClicks(username);
  const range = useRangeStats(username);
  const fetching = details.isFetching || clicks.isFetching || range.isFetching;
  // The shown data is as old as its oldest part.
  const updatedAt = Math.min(
    details.dataUpdatedAt,
    clicks.dataUpdatedAt || Infinity,
    range.dataUpdatedAt || Infinity,
  );
  return (
    <div className={styles.refreshBar}>
      <p className={styles.refreshNote}>
        Data refreshes automatically every 30 minutes.{' '}
        <span role="status">
          {fetching ? 'Refreshing...' : `Updated ${clockTime.format(updatedAt)}`}
        </span>
      </p>
      <Button
        variant="secondary"
        onClick={() => {
          void details.refetch();
          void clicks.refetch();
          void range.refetch();
        }}
      >
        <span aria-hidden="true">⟳</span> Refresh
      </Button>
    </div>
  );
}

function CampaignDetails({ campaign }: { campaign: Campaign }) {
  const level = clicksLevel(campaign);
  const reason = endedReason(campaign);
  return (
    <>
      <dl className={styles.tiles}>
        <Tile label="Clicks Purchased" value={formatCompactCount(campaign.clicks_purchased)} />
        <Tile label="Clicks Used" value={formatCompactCount(clicksUsed(campaign))} />
        <Tile
          // An ended period's remaining clicks are the ones refunded (src/shared/contract/campaign.ts).
          label={campaign.status ? 'Clicks Remaining' : 'Clicks Refunded'}
          value={formatCompactCount(campaign.remaining_clicks)}
          className={shared.clicksLevel[level]}
        />
        <Tile label="Budget" value={formatMoney(campaign.amount_deposit)} />
      </dl>
      <Card title="Campaign Details">
        <dl className={styles.details}>
          <Row term="Profile">{campaign.profile_id}</Row>
          <Row term="Package">{campaign.package_name}</Row>
          <Row term="Status">
            <StatusBadge active={campaign.status} />
          </Row>
          <Row term="Start Date">{formatShortDate(campaign.start_date)}</Row>
          <Row term="End Date">
            {campaign.end_date === null ? 'Still Active' : formatShortDate(campaign.end_date)}
          </Row>
          {reason ? <Row term="Ended Because">{ENDED_REASON_TEXT[reason]}</Row> : null}
          <Row term="Last Updated">{formatShortDate(campaign.updatedAt)}</Row>
          <Row term="Budget">{formatMoney(campaign.amount_deposit)}</Row>
          {campaign.status ? (
            <Row term="Remaining Budget">{formatMoney(campaign.amount_remaining)}</Row>
          ) : (
            <Row term="Refunded">{formatMoney(campaign.amount_refunded)}</Row>
          )}
          <Row term="Rate">{formatMoney(campaign.click_rate)}/click</Row>
          {campaign.status ? (
            <>
              <Row term="Daily Budget">{dailyBudgetText(campaign)}</Row>
              <Row term="Runs Until">{endsOnText(campaign)}</Row>
            </>
          ) : null}
          <Row term="Categories">
            <span className={shared.chips}>
              {campaign.categories.length === 0
                ? 'None'
                : campaign.categories.map((category) => (
                    <span key={category} className={shared.categoryChip}>
                      {category}
                    </span>
                  ))}
            </span>
          </Row>
        </dl>
      </Card>
    </>
  );
}

/** /analytics/{username}: the campaign tracker (spec §2). */
export function TrackerPage({ username }: { username: string }) {
  const details = useCampaignDetails(username);
  const navigate = useNavigate();
  const profileUrl = usePartnerProfileUrl()(username);
  // Also says a campaign created on the form that led here was created (issue 13).
  const { feedback, showSuccess, dismiss } = useFeedback();

  if (details.isPending) return <Spinner label="Loading campaign..." />;

  if (details.isError) {
    return (
      <>
        <PageHeader title="Campaign Tracker" subtitle={username} />
        <FeedbackBox feedback={feedback} onDismiss={dismiss} />
        <Card>
          <EmptyState icon="!" title="Could not load the campaign">
            <p>{errorMessage(details.error, 'Failed to fetch profile data. Please try again.')}</p>
            <div className={styles.errorActions}>
              <Button onClick={() => void details.refetch()} disabled={details.isFetching}>
                Try Again
              </Button>
              <Link to="/dashboard" className={buttonClass('secondary')}>
                Back to dashboard
              </Link>
            </div>
          </EmptyState>
        </Card>
      </>
    );
  }

  const campaign = details.data;
  return (
    <>
      <PageHeader
        title="Campaign Tracker"
        subtitle={`Performance of the campaign for ${username}`}
        actions={<RefreshBar username={username} />}
      />
      <div className={styles.stack}>
        <div className={styles.actionBar}>
          {profileUrl ? (
            <a
              href={profileUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary')}
            >
              View Profile ↗
            </a>
          ) : null}
          <CampaignActions
            campaign={campaign}
            buttonClassName=""
            onDone={showSuccess}
            // Spec §2: a deletion ends on /dashboard, which says so (issue 13). It replaces this
            // entry: Back would come to the tracker of a campaign that no longer exists.
            onDeleted={(successMessage) =>
              void navigate({ to: '/dashboard', replace: true, state: { successMessage } })
            }
          />
        </div>
        <FeedbackBox feedback={feedback} onDismiss={dismiss} />
        <CampaignDetails campaign={campaign} />
        <RangeCard username={username} createdAt={campaign.createdAt} />
        <DailyClicksCard username={username} />
        <Link to="/dashboard" className={styles.back}>
          ← Back to dashboard
        </Link>
      </div>
    </>
  );
}
