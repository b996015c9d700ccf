import { queryOptions, useQuery } from '@tanstack/react-query';
import { CategoriesResponse } from '../../../shared/contract/campaigns';
import { apiGet } from '../../../lib/api';

/** Spec §5: package 3 cannot target these. */
export const MAIN_CATEGORIES = ['Top', 'New', 'Popular', 'Free'] as const;

export function isMainCategory(name: string): boolean {
  return (MAIN_CATEGORIES as readonly string[]).includes(name);
}

/** GET /api/get-all-categories. */
export async function getCategories() {
  return (await apiGet('get-all-categories', CategoriesResponse)).categories;
}

export const categoriesQueryOptions = queryOptions({
  queryKey: ['categories'],
  queryFn: getCategories,
  staleTime: 60 * 60 * 1000,
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
