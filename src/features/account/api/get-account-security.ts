import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAccountSecurity as getAccountSecurityCall } from '@/shared/contract/profile';
import { callApi } from '@/lib/api';

/** GET /api/account/security: whether the account has a password, and its partner site. */
export async function getAccountSecurity() {
  return (await callApi(getAccountSecurityCall)).data;
}

export const accountSecurityQueryOptions = queryOptions({
  queryKey: ['account-security'],
  queryFn: getAccountSecurity,
});

export function useAccountSecurity() {
  return useQuery(accountSecurityQueryOptions);
}
