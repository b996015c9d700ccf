import { Link } from '@tanstack/react-router';
import type { CreatorSearchResult } from '../../../shared/contract/campaigns';
import { formatCompactCount, formatMoney } from '../../../lib/format';
import { Button, buttonClass } from '../../../ui/button';
import * as styles from './creators.css';

function Stat({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className={styles.statTerm}>{term}</dt>
      <dd className={styles.statValue}>{value}</dd>
    </div>
  );
}

/** One creator of the search (spec §3 Creator search result). */
export function CreatorResult({ creator }: { creator: CreatorSearchResult }) {
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
        {creator.active_adpackage ? (
          <>
            <span className={styles.activeBadge}>● Active ad package</span>
            {/* A profile already promoted by this advertiser cannot get a second campaign. */}
            <Button
              variant="secondary"
              disabled
              aria-label={`Start campaign for ${creator.username}`}
            >
              Start Campaign
            </Button>
          </>
        ) : (
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
        )}
      </div>
    </article>
  );
}
