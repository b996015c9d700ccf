import { useState } from 'react';
import type { CampaignStats } from '../../../shared/contract/stats';
import { ErrorBox } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import * as styles from './tracker.css';

/** Hands the text to the browser as a file download (as the transactions export does). */
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

/** Issue 19: the campaign's clicks per day in the range shown, as clicks-<username>-<from>-to-<to>.csv. */
export function ExportClicksButton({
  username,
  stats,
}: {
  username: string;
  stats: CampaignStats | undefined;
}) {
  const [failed, setFailed] = useState(false);
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    if (!stats) return;
    setFailed(false);
    setExporting(true);
    try {
      // The CSV writer (papaparse) comes only when asked for, once, as for the transactions.
      const [{ clicksCsv, clicksCsvFileName }, { loadUnparse }] = await Promise.all([
        import('../clicks-csv'),
        import('../../transactions/load-papaparse'),
      ]);
      download(
        clicksCsv(stats.days, await loadUnparse()),
        clicksCsvFileName(username, stats.range),
      );
    } catch {
      setFailed(true);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className={styles.exportAction}>
      <Button variant="secondary" disabled={!stats || exporting} onClick={() => void exportCsv()}>
        Export CSV
      </Button>
      {failed ? <ErrorBox>Could not export the clicks per day. Please try again.</ErrorBox> : null}
    </div>
  );
}
