import { visiblePages } from '../paging';
import * as styles from './transactions.css';

/** Previous / up to five page numbers / Next (spec §2 Transaction history). */
export function Pager({
  page,
  count,
  onChange,
}: {
  page: number;
  count: number;
  onChange: (page: number) => void;
}) {
  if (count <= 1) return null;
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
      {visiblePages(page, count).map((number) => (
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
        disabled={page >= count}
        onClick={() => onChange(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
