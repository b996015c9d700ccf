import { pageWindow } from '../page-window';
import { useNarrowScreen } from '../use-narrow-screen';
import * as styles from './notifications.css';

/** Server pages: Previous, 5 page buttons (3 under 640 px) around the current one, Next. */
export function NotificationsPager({
  page,
  totalPages,
  onChange,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}) {
  const narrow = useNarrowScreen();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className={styles.pager}>
      <button
        type="button"
        className={styles.pageButton}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        Previous
      </button>
      {pageWindow(page, totalPages, narrow ? 3 : 5).map((number) => (
        <button
          key={number}
          type="button"
          className={styles.pageButton}
          aria-label={`Page ${number}`}
          aria-current={number === page ? 'page' : undefined}
          onClick={() => onChange(number)}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        className={styles.pageButton}
        disabled={page >= totalPages}
        onClick={() => onChange(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
