import { useQueryClient } from '@tanstack/react-query';
import { passkeySignIn, passkeySignInOptions } from '@/shared/contract/passkeys';
import { callApi } from '@/lib/api';
import { useLockedMutation } from '@/lib/use-locked-mutation';
import { afterSignIn } from './login';
import { signIn } from '@/entities/session/api/session-to-end';

/** When the browser's passkey prompt fails without a server answer (cancelled, timed out). */
export const PASSKEY_SIGN_IN_FAILED =
  'The passkey sign-in did not complete. Try again, or sign in with your password.';

/**
 * Sign-in with a passkey (issue 16): the options from the server, the browser's prompt, the answer
 * back. The WebAuthn library loads only when the button is used.
 */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  // Issue 31: a second tap while the browser's prompt is open asks nothing more.
  return useLockedMutation({
    mutationFn: async () => {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const { options } = await callApi(passkeySignInOptions);
      const credential = await startAuthentication({ optionsJSON: JSON.parse(options) as never });
      return signIn(() => callApi(passkeySignIn, { credential: credential as never }));
    },
    meta: { signsOutOn401: false },
    onSuccess: (answer) => afterSignIn(queryClient, answer),
  });
}
