import { useState } from 'react';
import type { Transaction } from '../../../shared/contract/deposits';
import { ErrorBox } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import * as styles from './transactions.css';

/** Hands the text to the browser as a file download. */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: the download has its own copy by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Exports every row of the current filter (all pages), as transactions-YYYY-MM-DD.csv. */
export function ExportButton({ transactions }: { transactions: readonly Transaction[] }) {
  const [failed, setFailed] = useState(false);
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setFailed(false);
    setExporting(true);
    try {
      // The CSV writer (papaparse) comes only when asked for.
      const [{ csvFileName, transactionsCsv }, { loadUnparse }] = await Promise.all([
        import('../csv'),
        import('../load-papaparse'),
      ]);
      download(transactionsCsv(transactions, await loadUnparse()), csvFileName(new Date()));
    } catch {
      setFailed(true);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className={styles.exportAction}>
      <Button
        variant="secondary"
        disabled={transactions.length === 0 || exporting}
        onClick={() => void exportCsv()}
      >
        Export CSV
      </Button>
      {failed ? <ErrorBox>Could not export the transactions. Please try again.</ErrorBox> : null}
    </div>
  );
}
