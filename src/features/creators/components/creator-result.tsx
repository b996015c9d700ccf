import { Link } from '@tanstack/react-router';
import type { Campaign, CreatorSearchResult } from '@/shared/contract/campaigns';
import { formatCompactCount, formatMoney } from '@/lib/format';
import { buttonClass } from '@/ui/button';
import * as styles from './creators.css';

/** The advertiser's own campaign for a profile; usernames match case-insensitively, as on the server. */
export function ownCampaignFor(campaigns: readonly Campaign[] | undefined, username: string) {
  const wanted = username.toLowerCase();
  const own = campaigns?.filter((campaign) => campaign.Profile.username.toLowerCase() === wanted);
  return own?.find((campaign) => campaign.status) ?? own?.[0];
}

/**
 * A profile the advertiser already promotes gets no second campaign (the server answers 409): its
 * tracker is where the campaign is topped up, paused or reactivated (spec §2 Campaign tracker).
 */
export function OwnCampaignLink({ username, active }: { username: string; active: boolean }) {
  return (
    <Link
      to="/analytics/$username"
      params={{ username }}
      className={buttonClass(active ? 'secondary' : 'primary')}
      aria-label={`${active ? 'View campaign' : 'Reactivate campaign'} for ${username}`}
    >
      {active ? 'View campaign' : 'Reactivate'}
    </Link>
  );
}

function Stat({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className={styles.statTerm}>{term}</dt>
      <dd className={styles.statValue}>{value}</dd>
    </div>
  );
}

function StartCampaign({ creator, own }: { creator: CreatorSearchResult; own?: Campaign }) {
  // active_adpackage is the advertiser's own active campaign; the list also knows inactive ones.
  if (own ?? creator.active_adpackage) {
    const active = own?.status ?? true;
    return (
      <>
        {active ? (
          <span className={styles.activeBadge}>● Your campaign is active</span>
        ) : (
          <span className={styles.inactiveBadge}>Your campaign is inactive</span>
        )}
        <OwnCampaignLink username={creator.username} active={active} />
      </>
    );
  }
  return (
    <>
      <span className={styles.availableBadge}>Available</span>
      <Link
        to="/create-campaign/profile/$username"
        params={{ username: creator.username }}
        className={buttonClass('primary')}
        aria-label={`Start campaign for ${creator.username}`}
      >
        Start Campaign
      </Link>
    </>
  );
}

/** One creator of the search (spec §3 Creator search result); `own` is the advertiser's campaign. */
export function CreatorResult({ creator, own }: { creator: CreatorSearchResult; own?: Campaign }) {
  return (
    <article className={styles.result} aria-label={creator.username}>
      <div className={styles.identity}>
        <img className={styles.avatar} src={creator.avatar} alt="" width={52} height={52} />
        <div className={styles.names}>
          <h3 className={styles.fullName}>{creator.full_name}</h3>
          <p className={styles.username}>@{creator.username}</p>
        </div>
      </div>
      <dl className={styles.stats}>
        <Stat term="Likes" value={formatCompactCount(creator.likes)} />
        <Stat term="Photos" value={formatCompactCount(creator.photos_count)} />
        <Stat term="Videos" value={formatCompactCount(creator.videos_count)} />
        <Stat
          term="Price"
          value={creator.subscribe_price > 0 ? formatMoney(creator.subscribe_price) : 'Free'}
        />
      </dl>
      <div className={styles.footer}>
        <StartCampaign creator={creator} own={own} />
      </div>
    </article>
  );
}
