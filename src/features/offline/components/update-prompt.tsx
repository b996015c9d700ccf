import { Suspense, lazy } from 'react';
import { useUpdateWaiting } from '@/lib/pwa';

// Shown only once a new version is waiting: its code comes then (from the worker's precache).
const UpdateToast = lazy(() =>
  import('./update-toast').then((module) => ({ default: module.UpdateToast })),
);

/** Design §4: a new version waits until the user chooses to reload; never swapped in silently. */
export function UpdatePrompt() {
  if (!useUpdateWaiting()) return null;
  return (
    <Suspense fallback={null}>
      <UpdateToast />
    </Suspense>
  );
}
