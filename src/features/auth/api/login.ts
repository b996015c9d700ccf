import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { login as loginCall, type LoginResponse } from '@/shared/contract/login';
import type { BodyInput } from '@/shared/contract/endpoint';
import type * as v from 'valibot';
import { callApi } from '@/lib/api';
import { useLockedMutation } from '@/lib/use-locked-mutation';
import { clearOfflineData } from '@/lib/offline-cache';
import { setAuthUser } from '@/entities/session/api/check-auth';
import { signIn } from '@/entities/session/api/session-to-end';

/** A sign-in's answer: the signed-in user, or the second factor that is due (issue 16). */
export type SignInAnswer = v.InferOutput<typeof LoginResponse>;

/** POST /api/auth/login. */
export async function login(body: BodyInput<typeof loginCall>) {
  return signIn(() => callApi(loginCall, body));
}

/** Design §4: nothing of a previous user stays readable after another signs in. */
export async function afterSignIn(queryClient: QueryClient, answer: SignInAnswer) {
  if (!('user' in answer)) return;
  await clearOfflineData(queryClient);
  setAuthUser(queryClient, answer.user);
}

/** Issue 31: two taps of Sign In start one session (the server keeps no answers of sign-ins). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useLockedMutation({
    mutationFn: login,
    meta: { signsOutOn401: false },
    onSuccess: (answer) => afterSignIn(queryClient, answer),
  });
}
