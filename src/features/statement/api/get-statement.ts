import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api';
import { accountStatement, type Statement } from '@/shared/contract/statement';
import { campaignsQueryKey, LIVE_FIGURES_MS } from '@/entities/campaign/api/get-campaigns';
import type { ChosenRange } from '@/entities/stats/range-store';

/**
 * Issue 35: the account statement of a range, page by page (`next_cursor`). Keyed below the
 * campaigns' key, so a campaign write (which moves the balance) refreshes it with the figures.
 */
export async function getStatementPage(range: ChosenRange, cursor?: string): Promise<Statement> {
  const { success: _success, ...page } = await callApi(accountStatement, {
    ...range,
    ...(cursor === undefined ? {} : { cursor }),
  });
  return page;
}

/** The first `pages` pages of a range in one: their rows, and the cursor after the last. */
async function loadPages(range: ChosenRange, pages: number, known?: Statement) {
  let statement = known ?? (await getStatementPage(range));
  for (let page = known ? pages - 1 : 1; page < pages && statement.next_cursor !== null; page++) {
    const next = await getStatementPage(range, statement.next_cursor);
    statement = { ...next, rows: [...statement.rows, ...next.rows] };
  }
  return statement;
}

/** Every page of a range (the CSV and the printed statement hold all its rows). */
export const getWholeStatement = (range: ChosenRange) => loadPages(range, Infinity);

const statementKey = (range: ChosenRange, pages: number) =>
  [
    ...campaignsQueryKey,
    'statement',
    range.range,
    range.from ?? '',
    range.to ?? '',
    range.time_zone,
    pages,
  ] as const;

/**
 * The first `pages` pages (Show more adds one). useQuery, not useInfiniteQuery: the latter would
 * bring its observer into every first load (one barrel module of react-query). Show more (no data
 * under this key yet) asks only for the new page, after the pages held under the key before unless
 * invalidated since; a refresh of what is shown (every 30 s, or after a write) asks for every page
 * again, so no page is older than the others.
 */
export function statementQueryOptions(range: ChosenRange, pages: number, client: QueryClient) {
  return queryOptions({
    queryKey: statementKey(range, pages),
    queryFn: () => {
      const shown = client.getQueryState<Statement>(statementKey(range, pages))?.data;
      const state = client.getQueryState<Statement>(statementKey(range, pages - 1));
      const known =
        pages > 1 && shown === undefined && state?.data && !state.isInvalidated
          ? state.data
          : undefined;
      return loadPages(range, pages, known);
    },
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_FIGURES_MS,
  });
}

export function useStatement(range: ChosenRange, pages: number) {
  return useQuery(statementQueryOptions(range, pages, useQueryClient()));
}
