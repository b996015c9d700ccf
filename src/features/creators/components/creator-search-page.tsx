import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import {
  CREATOR_SEARCH_DEBOUNCE_MS,
  CREATOR_SEARCH_MIN_CHARS,
  CREATOR_SEARCH_PAGE_SIZE,
  CREATOR_SEARCH_MAX_RESULTS,
  LOW_BALANCE_DOLLARS,
  SEARCH_DISABLED_AT_OR_BELOW_DOLLARS,
} from '@/shared/constants';
import { ErrorBox } from '@/ui/alert';
import { WarningBox } from '@/ui/status-boxes';
import { Card, EmptyState, PageHeader } from '@/ui/card';
import { Spinner } from '@/ui/spinner';
import { useAuthUser } from '@/entities/session/api/check-auth';
import type { Campaign } from '@/shared/contract/campaigns';
import { useCampaigns } from '@/entities/campaign/api/get-campaigns';
import { useSearchProfiles } from '../api/search-profiles';
import { useDebouncedValue } from '../use-debounced-value';
import { CreatorResult, ownCampaignFor } from './creator-result';
import { Pager } from '@/ui/pager';
import * as styles from './creators.css';

function Summary({ first, last, count }: { first: number; last: number; count: number }) {
  // The server answers at most its best 100: a full answer may leave matches out.
  const text =
    count >= CREATOR_SEARCH_MAX_RESULTS
      ? `Showing ${first}–${last} of the first ${count} matches. Type more of the name to narrow the search.`
      : `Showing ${first}–${last} of ${count} profiles`;
  return (
    <p className={styles.summary} aria-live="polite">
      {text}
    </p>
  );
}

function SearchResults({
  query,
  enabled,
  campaigns,
}: {
  query: string;
  enabled: boolean;
  campaigns: readonly Campaign[] | undefined;
}) {
  const search = useSearchProfiles(query, enabled);
  const [page, setPage] = useState({ query, number: 1 });
  // A new search starts at page 1.
  const pageNumber = page.query === query ? page.number : 1;

  if (search.isError)
    return (
      <ErrorBox>
        {errorMessage(
          search.error,
          'Failed to search profiles',
          'Failed to search profiles. Please try again.',
        )}
      </ErrorBox>
    );
  if (search.isPending) return <Spinner label="Searching..." />;

  const creators = search.data;
  if (creators.length === 0) {
    return (
      <Card>
        <EmptyState icon="?" title="No profiles found">
          <p>No creator matches “{query}”. Try another name.</p>
        </EmptyState>
      </Card>
    );
  }
  const pageCount = Math.ceil(creators.length / CREATOR_SEARCH_PAGE_SIZE);
  const first = (pageNumber - 1) * CREATOR_SEARCH_PAGE_SIZE;
  const shown = creators.slice(first, first + CREATOR_SEARCH_PAGE_SIZE);
  return (
    <>
      <Summary first={first + 1} last={first + shown.length} count={creators.length} />
      <ul className={styles.results} aria-label="Search results">
        {shown.map((creator) => (
          <li key={creator.username}>
            <CreatorResult creator={creator} own={ownCampaignFor(campaigns, creator.username)} />
          </li>
        ))}
      </ul>
      <Pager
        page={pageNumber}
        pageCount={pageCount}
        onChange={(number) => setPage({ query, number })}
      />
    </>
  );
}

/** /create-campaign: find a creator to promote (spec §2 Create campaign search). */
export function CreatorSearchPage() {
  const balance = useAuthUser()?.crypto_balance ?? 0;
  // Loaded as the page opens, so the results know which creators the advertiser already promotes.
  const campaigns = useCampaigns().data;
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), CREATOR_SEARCH_DEBOUNCE_MS);
  // Spec §4/§9: searching needs a balance above $90; below $100 a warning shows.
  const disabled = balance <= SEARCH_DISABLED_AT_OR_BELOW_DOLLARS;
  const tooShort = text.trim().length < CREATOR_SEARCH_MIN_CHARS;
  const ready = !disabled && !tooShort && query.length >= CREATOR_SEARCH_MIN_CHARS;

  return (
    <>
      <PageHeader title="New Campaign" subtitle="Find a creator profile to promote" />
      <div className={styles.stack}>
        {balance < LOW_BALANCE_DOLLARS ? (
          <WarningBox title="Low balance">
            <p>
              You need minimum of $100 to avail all features.{' '}
              {disabled ? 'Creator search is disabled until your balance is above $90. ' : null}
              <Link to="/topup-balance">Top up your balance</Link>
            </p>
          </WarningBox>
        ) : null}
        <Card>
          <div className={styles.searchBox}>
            <svg
              className={styles.searchIcon}
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-3.5-3.5" />
            </svg>
            <input
              type="search"
              className={styles.searchInput}
              aria-label="Search creators"
              placeholder="Search creators by username or name..."
              value={text}
              disabled={disabled}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          {tooShort && !disabled ? (
            <p className={styles.hint}>Type at least 2 characters to search</p>
          ) : null}
        </Card>
        {ready ? <SearchResults query={query} enabled={ready} campaigns={campaigns} /> : null}
        {!disabled && text.trim() === '' ? (
          <Card>
            <EmptyState icon="⌕" title="Find a creator to promote">
              <p>Search by username or full name, then start a campaign from the results.</p>
            </EmptyState>
          </Card>
        ) : null}
      </div>
    </>
  );
}
