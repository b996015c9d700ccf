import { Avatar } from '@/entities/campaign/components/avatar';
import { Link } from '@tanstack/react-router';
import { formatMoney, formatShortDate } from '@/lib/format';
import type { Campaign } from '@/shared/contract/campaigns';
import { buttonClass } from '@/ui/button';
import { clicksLevel, clicksUsed } from '@/entities/campaign/campaign-list';
import { CampaignActions } from '@/entities/campaign/components/campaign-actions';
import { dailyBudgetText, endsOnText } from '@/entities/campaign/limits';
import { RowRangeLine, type RangeFigures } from '@/entities/stats/components/range-figures';
import { StatusBadge } from '@/entities/campaign/components/status-badge';
import { usePartnerProfileUrl } from '@/entities/campaign/components/use-partner-profile-url';
import * as styles from './campaign-card.css';
import * as shared from '@/entities/campaign/components/campaigns.css';

/** Spec §9 colour rule on the remaining clicks, with a bar for the eye and the level as data. */
export function ClicksBar({ campaign }: { campaign: Campaign }) {
  const level = clicksLevel(campaign);
  const share =
    campaign.clicks_purchased > 0
      ? (campaign.remaining_clicks / campaign.clicks_purchased) * 100
      : 0;
  return (
    <div className={styles.clicksBar} aria-hidden="true">
      <div className={styles.clicksFill[level]} style={{ width: `${Math.min(100, share)}%` }} />
    </div>
  );
}

function Stat({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={styles.stat}>
      <dt className={styles.statLabel}>{label}</dt>
      <dd className={`${styles.statValue} ${className ?? ''}`}>{value}</dd>
    </div>
  );
}

/** One campaign of /campaigns (spec §2 All Campaigns). */
export function CampaignCard({
  campaign,
  figures,
  onDone,
}: {
  campaign: Campaign;
  /** Issue 19: its spend, clicks and cost per click in the chosen range. */
  figures: RangeFigures;
  onDone: (message: string) => void;
}) {
  const profileUrl = usePartnerProfileUrl();
  const username = campaign.Profile.username;
  const level = clicksLevel(campaign);
  const href = profileUrl(username);
  return (
    <article className={styles.card} aria-label={`Campaign for ${username}`}>
      <header className={styles.header}>
        <Avatar src={campaign.Profile.ProfileDatum.avatar} name={username} />
        <div className={styles.identity}>
          {href ? (
            <a className={styles.username} href={href} target="_blank" rel="noopener noreferrer">
              {username}
            </a>
          ) : (
            <span className={styles.username}>{username}</span>
          )}
          <span className={styles.fullName}>{campaign.Profile.ProfileDatum.full_name}</span>
        </div>
        <StatusBadge active={campaign.status} />
      </header>
      <div className={shared.chips}>
        <span className={shared.chip}>{campaign.package_name}</span>
        {campaign.categories.map((category) => (
          <span key={category} className={shared.categoryChip}>
            {category}
          </span>
        ))}
      </div>
      <dl className={styles.clickStats}>
        <Stat label="Total clicks" value={campaign.clicks_purchased.toLocaleString('en-US')} />
        <Stat label="Used" value={clicksUsed(campaign).toLocaleString('en-US')} />
        <div className={styles.stat} data-level={level}>
          {/* Once ended, the clicks not used were refunded (contract: Campaign.remaining_clicks). */}
          <dt className={styles.statLabel}>{campaign.status ? 'Remaining' : 'Refunded clicks'}</dt>
          <dd className={`${styles.statValue} ${shared.clicksLevel[level]}`}>
            {campaign.remaining_clicks.toLocaleString('en-US')}
          </dd>
        </div>
      </dl>
      <ClicksBar campaign={campaign} />
      <RowRangeLine figures={figures} of="campaigns" id={campaign.id} />
      <dl className={styles.stats}>
        {campaign.status ? (
          <>
            <Stat label="Budget" value={formatMoney(campaign.amount_deposit)} />
            <Stat label="Remaining budget" value={formatMoney(campaign.amount_remaining)} />
          </>
        ) : (
          <>
            <Stat label="Deposited" value={formatMoney(campaign.amount_deposit)} />
            <Stat label="Refunded" value={formatMoney(campaign.amount_refunded)} />
          </>
        )}
        <Stat label="Rate" value={`${formatMoney(campaign.click_rate)}/click`} />
        <Stat label="Start date" value={formatShortDate(campaign.start_date)} />
        <Stat label="End date" value={formatShortDate(campaign.end_date)} />
        {campaign.status ? (
          <>
            <Stat label="Daily budget" value={dailyBudgetText(campaign)} />
            <Stat label="Runs until" value={endsOnText(campaign)} />
          </>
        ) : null}
      </dl>
      <footer className={styles.footer}>
        <Link
          to="/analytics/$username"
          params={{ username }}
          className={`${buttonClass('ghost')} ${shared.smallButton}`}
        >
          View Details
        </Link>
        <div className={shared.rowActions}>
          <CampaignActions campaign={campaign} onDone={onDone} />
        </div>
      </footer>
    </article>
  );
}
