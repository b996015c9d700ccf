import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { clearOfflineData, setSessionToEnd } from '@/lib/offline-cache';
import { setAuthUser } from './check-auth';
import { endSessionLeftOpen } from './session-to-end';

/**
 * Logout, online or offline (design §4): nobody counts as signed in any more, the app goes to `/`,
 * and every cached answer is forgotten at once (in memory, persisted and the worker's). The server
 * session ends now, or with the first request once online (session-to-end.ts). Issue 31: two taps
 * end it once, without a press lock: endSessionLeftOpen sends one logout at a time and none once the
 * session has ended (a lock here cost the dashboard's first load 60-200 B gzip, past its budget).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      setSessionToEnd(true);
      setAuthUser(queryClient, null);
      // The signed-in pages go first, so none of them asks for its data again once it is removed.
      await navigate({ to: '/', replace: true });
      queryClient.clear();
      await clearOfflineData(queryClient);
      // Signed out, not unknown, in the saved copy too.
      setAuthUser(queryClient, null);
      void endSessionLeftOpen();
    },
  });
}
