import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyInput } from '@/shared/contract/endpoint';
import {
  disableTwoFactor,
  enableTwoFactor,
  setUpTwoFactor,
  twoFactorStatus,
} from '@/shared/contract/two-factor';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { useWithProof } from '../components/confirm-identity';

const statusKey = ['two-factor'] as const;

/** GET /api/auth/two-factor: whether it is on, recovery codes left, whether there is a password. */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: statusKey, queryFn: () => callApi(twoFactorStatus) });
}

/** POST /api/auth/two-factor/setup: a new secret and its QR code ("Confirm it's you" first when asked). */
export function useSetUpTwoFactor() {
  const withProof = useWithProof();
  return useWriteMutation(setUpTwoFactor, {
    mutationFn: () => withProof(() => callApi(setUpTwoFactor)),
  });
}

/** POST /api/auth/two-factor/enable: the first code turns it on; answers the recovery codes. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  const withProof = useWithProof();
  return useWriteMutation(enableTwoFactor, {
    mutationFn: (code: string) => withProof(() => callApi(enableTwoFactor, { code })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

/** POST /api/auth/two-factor/disable: the password and a code. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useWriteMutation(disableTwoFactor, {
    mutationFn: (body: BodyInput<typeof disableTwoFactor>) => callApi(disableTwoFactor, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}
