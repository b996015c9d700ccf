import { pageWindow } from '../lib/paging';
import * as styles from './pager.css';

/**
 * Previous / page numbers / Next. `maxButtons` keeps that many page buttons around the current page
 * (spec §9: transactions 5; notifications 5, or 3 under 640 px); without it every page gets one.
 */
export function Pager({
  page,
  pageCount,
  onChange,
  maxButtons = pageCount,
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  maxButtons?: number;
}) {
  if (pageCount <= 1) return null;
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
      {pageWindow(page, pageCount, maxButtons).map((number) => (
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
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
