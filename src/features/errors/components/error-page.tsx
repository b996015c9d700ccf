import { Link, useRouter } from '@tanstack/react-router';
import { Button, buttonClass } from '@/ui/button';
import * as styles from './error-page.css';
import { useDocumentTitle } from '@/lib/use-document-title';

export interface ErrorDetails {
  status?: number;
  title?: string;
  message?: string;
}

/** Spec §2 error page; the defaults are the not-found case. */
export function ErrorPage({ status, title, message }: ErrorDetails) {
  const router = useRouter();
  useDocumentTitle(title ?? 'Page Not Found');
  return (
    <main id="main" tabIndex={-1} className={styles.page}>
      <div className={styles.box}>
        <p className={styles.status}>{status ?? 404}</p>
        <h1 className={styles.title}>{title ?? 'Page Not Found'}</h1>
        <p className={styles.message}>
          {message ?? "Sorry, we couldn't find the page you're looking for."}
        </p>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() =>
              router.history.canGoBack()
                ? router.history.back()
                : void router.navigate({ to: '/dashboard' })
            }
          >
            Go Back
          </Button>
          <Link to="/dashboard" className={buttonClass('primary')}>
            Back to Home
          </Link>
        </div>
      </div>
    </main>
  );
}

declare module '@tanstack/history' {
  /** Spec §2: the error page reads status, title and message from navigation state. */
  interface HistoryState {
    status?: number;
    title?: string;
    message?: string;
  }
}
