import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAllCategories } from '@/shared/contract/campaigns';
import { callApi } from '@/lib/api';

/** GET /api/get-all-categories. */
export async function getCategories() {
  return (await callApi(getAllCategories)).categories;
}

export const categoriesQueryOptions = queryOptions({
  queryKey: ['categories'],
  queryFn: getCategories,
  staleTime: 60 * 60 * 1000,
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
