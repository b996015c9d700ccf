import { Avatar } from '@/entities/campaign/components/avatar';
import { Link } from '@tanstack/react-router';
import { formatCompactCount, formatMoney, formatShortDate } from '@/lib/format';
import type { Campaign } from '@/shared/contract/campaigns';
import { buttonClass } from '@/ui/button';
import { clicksLevel, clicksUsed } from '@/entities/campaign/campaign-list';
import { StatusBadge } from '@/entities/campaign/components/status-badge';
import * as shared from '@/entities/campaign/components/campaigns.css';
import { usePartnerProfileUrl } from '@/entities/campaign/components/use-partner-profile-url';
import { visuallyHidden } from '@/ui/frame.css';
import * as styles from './dashboard.css';

function Profile({ campaign }: { campaign: Campaign }) {
  const profileUrl = usePartnerProfileUrl();
  const username = campaign.Profile.username;
  const href = profileUrl(username);
  return (
    <div className={styles.profile}>
      <Avatar src={campaign.Profile.ProfileDatum.avatar} name={username} />
      <div className={styles.profileText}>
        <span className={styles.username}>{username}</span>
        <span className={styles.fullName}>{campaign.Profile.ProfileDatum.full_name}</span>
      </div>
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className={styles.external}
          aria-label={`Open ${username} on the partner site`}
        >
          ↗
        </a>
      ) : null}
    </div>
  );
}

function Clicks({ campaign }: { campaign: Campaign }) {
  return (
    <span>
      {formatCompactCount(clicksUsed(campaign))} / {formatCompactCount(campaign.clicks_purchased)}
      <span className={`${styles.remaining} ${shared.clicksLevel[clicksLevel(campaign)]}`}>
        {/* Once ended, the clicks not used were refunded (contract: Campaign.remaining_clicks). */}
        {formatCompactCount(campaign.remaining_clicks)} {campaign.status ? 'left' : 'refunded'}
      </span>
    </span>
  );
}

const SKELETON_ROWS = 4;

/** Wide screens: a table (spec §2 dashboard). */
export function CampaignTable({ campaigns }: { campaigns: readonly Campaign[] | null }) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Profile</th>
          <th scope="col">Package</th>
          <th scope="col">Status</th>
          <th scope="col">Clicks</th>
          <th scope="col">Budget</th>
          <th scope="col">Start Date</th>
          <th scope="col">
            <span className={visuallyHidden}>Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {campaigns === null
          ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <tr key={index} aria-hidden="true" data-testid="skeleton-row">
                {Array.from({ length: 7 }, (_, cell) => (
                  <td key={cell}>
                    <span className={styles.skeleton} />
                  </td>
                ))}
              </tr>
            ))
          : campaigns.map((campaign) => (
              <tr key={campaign.id}>
                <td>
                  <Profile campaign={campaign} />
                </td>
                <td>
                  <span className={shared.chip}>{campaign.package_name}</span>
                </td>
                <td>
                  <StatusBadge active={campaign.status} />
                </td>
                <td>
                  <Clicks campaign={campaign} />
                </td>
                <td>{formatMoney(campaign.amount_deposit)}</td>
                <td>{formatShortDate(campaign.start_date)}</td>
                <td>
                  <Link
                    to="/analytics/$username"
                    params={{ username: campaign.Profile.username }}
                    className={`${buttonClass('ghost')} ${shared.smallButton}`}
                  >
                    Details
                  </Link>
                </td>
              </tr>
            ))}
      </tbody>
    </table>
  );
}

/** Narrow screens: cards. */
export function CampaignCardList({ campaigns }: { campaigns: readonly Campaign[] | null }) {
  if (campaigns === null) {
    return (
      <ul className={styles.cardList} aria-hidden="true">
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <li key={index} className={styles.miniCard}>
            <span className={styles.skeleton} />
            <span className={styles.skeleton} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className={styles.cardList}>
      {campaigns.map((campaign) => (
        <li key={campaign.id} className={styles.miniCard}>
          <div className={styles.miniTop}>
            <Profile campaign={campaign} />
            <StatusBadge active={campaign.status} />
          </div>
          <dl className={styles.miniStats}>
            <div>
              <dt>Package</dt>
              <dd>{campaign.package_name}</dd>
            </div>
            <div>
              <dt>Clicks</dt>
              <dd>
                <Clicks campaign={campaign} />
              </dd>
            </div>
            <div>
              <dt>Budget</dt>
              <dd>{formatMoney(campaign.amount_deposit)}</dd>
            </div>
          </dl>
          <Link
            to="/analytics/$username"
            params={{ username: campaign.Profile.username }}
            className={`${buttonClass('secondary', true)} ${shared.smallButton}`}
          >
            View Details
          </Link>
        </li>
      ))}
    </ul>
  );
}
