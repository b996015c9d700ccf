import type { unparse } from 'papaparse';
import { useState } from 'react';
import { ErrorBox } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import * as styles from './range-figures.css';

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

export interface CsvFile {
  text: string;
  fileName: string;
}
/** Writes the file with the CSV writer given (loaded on the first export). */
export type CsvBuild = (unparseCsv: typeof unparse) => CsvFile;

/**
 * Issue 19: exports a list as shown (filter, search, sort) with its figures in the range. `build`
 * is undefined until there is something to export (rows, and the range's figures).
 */
export function ExportCsvButton({
  what,
  build,
}: {
  /** What failed, in the error: "the campaigns". */
  what: string;
  build: CsvBuild | undefined;
}) {
  const [failed, setFailed] = useState(false);
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    if (!build) return;
    setFailed(false);
    setExporting(true);
    try {
      // The CSV writer (papaparse) comes only when asked for, once, as for the transactions.
      const { loadUnparse } = await import('../../transactions/load-papaparse');
      const file = build(await loadUnparse());
      download(file.text, file.fileName);
    } catch {
      setFailed(true);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className={styles.exportAction}>
      <Button variant="secondary" disabled={!build || exporting} onClick={() => void exportCsv()}>
        Export CSV
      </Button>
      {failed ? <ErrorBox>Could not export {what}. Please try again.</ErrorBox> : null}
    </div>
  );
}
