import { queryOptions } from '@tanstack/react-query';
import { partnerLinkDetails } from '@/shared/contract/partner-link';
import { callApi } from '@/lib/api';

/** POST /api/auth/link-partner/details {token}: the partner account a mailed link would link. */
export async function getPartnerLinkDetails(token: string) {
  return (await callApi(partnerLinkDetails, { token })).data;
}

export const partnerLinkDetailsQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['partner-link', token],
    queryFn: () => getPartnerLinkDetails(token),
    retry: false,
    staleTime: Infinity,
    // The link's token leaves the (persisted) cache with the page.
    gcTime: 0,
  });
