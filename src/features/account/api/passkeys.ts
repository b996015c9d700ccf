import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addPasskey,
  getPasskeys,
  passkeyAddOptions,
  removePasskey,
  renamePasskey,
} from '@/shared/contract/passkeys';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { useWithProof } from '../components/confirm-identity';

const passkeysKey = ['passkeys'] as const;

/** GET /api/auth/passkeys: the caller's passkeys. */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: async () => (await callApi(getPasskeys)).data,
  });
}

/**
 * Options from the server, the browser's prompt to create a passkey, the answer back; "Confirm it's
 * you" first when the server asks (issue 32 point 8), then the whole ceremony again.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  const withProof = useWithProof();
  return useWriteMutation(addPasskey, {
    mutationFn: () =>
      withProof(async () => {
        const { startRegistration } = await import('@simplewebauthn/browser');
        const { options } = await callApi(passkeyAddOptions);
        const credential = await startRegistration({ optionsJSON: JSON.parse(options) as never });
        return callApi(addPasskey, { credential: credential as never });
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useWriteMutation(renamePasskey, {
    mutationFn: (body: { id: string; name: string }) => callApi(renamePasskey, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  const withProof = useWithProof();
  return useWriteMutation(removePasskey, {
    mutationFn: (id: string) => withProof(() => callApi(removePasskey, { id })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}
