import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useState,
  type ReactNode,
} from 'react';
import { ApiError } from '@/lib/api';
import { PROOF_REQUIRED_CODE } from '@/shared/contract/identity';

// Only a refused change opens it: its code waits until then.
const ConfirmIdentityDialog = lazy(() =>
  import('./confirm-identity-dialog').then((module) => ({ default: module.ConfirmIdentityDialog })),
);

/** Opens "Confirm it's you"; resolves true once the server took the proof, false when cancelled. */
type AskToConfirm = () => Promise<boolean>;

const AskContext = createContext<AskToConfirm | null>(null);

/**
 * Issue 32 point 8: the account page's changes to how it signs in may be refused for want of a
 * recent proof of the owner; this holds the one "Confirm it's you" dialog they ask through.
 */
export function ConfirmIdentityProvider({ children }: { children: ReactNode }) {
  const [answer, setAnswer] = useState<((confirmed: boolean) => void) | null>(null);
  const ask = useCallback<AskToConfirm>(
    () => new Promise<boolean>((resolve) => setAnswer(() => resolve)),
    [],
  );
  const done = (confirmed: boolean) => {
    answer?.(confirmed);
    setAnswer(null);
  };
  return (
    <AskContext.Provider value={ask}>
      {children}
      {answer ? (
        <Suspense fallback={null}>
          <ConfirmIdentityDialog onDone={done} />
        </Suspense>
      ) : null}
    </AskContext.Provider>
  );
}

/**
 * Runs a sensitive call; when the server refuses it with `proof_required`, asks "Confirm it's you"
 * and sends it once more. Cancelled, the refusal stands (its message says what is needed).
 */
export function useWithProof() {
  const ask = useContext(AskContext);
  return useCallback(
    async <T,>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        const needsProof = error instanceof ApiError && error.code === PROOF_REQUIRED_CODE;
        if (!ask || !needsProof || !(await ask())) throw error;
        return call();
      }
    },
    [ask],
  );
}
