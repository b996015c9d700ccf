import type { unparse } from 'papaparse';
import { useState } from 'react';
import { ErrorBox } from './alert';
import { Button } from './button';
import * as styles from './export-csv-button.css';

export interface CsvFile {
  text: string;
  fileName: string;
}
/** Writes the file with the CSV writer given (papaparse's, loaded on the first export). */
export type CsvBuild = (unparseCsv: typeof unparse) => CsvFile | Promise<CsvFile>;

/** Hands the text to the browser as a file download. */
function download({ text, fileName }: CsvFile) {
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

/**
 * The Export CSV button of the transactions, the campaign lists and the tracker: `build` makes the
 * file (undefined while there is nothing to export); a failure says so under the button. The CSV
 * writer (papaparse) is fetched only when asked for, once (src/lib/load-papaparse.ts).
 */
export function ExportCsvButton({
  what,
  build,
  align = 'end',
}: {
  /** What failed, in the error: "the campaigns". */
  what: string;
  build: CsvBuild | undefined;
  align?: 'start' | 'end';
}) {
  const [failed, setFailed] = useState(false);
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    if (!build) return;
    setFailed(false);
    setExporting(true);
    try {
      const { loadUnparse } = await import('../lib/load-papaparse');
      download(await build(await loadUnparse()));
    } catch {
      setFailed(true);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className={styles.exportAction[align]}>
      <Button variant="secondary" disabled={!build || exporting} onClick={() => void exportCsv()}>
        Export CSV
      </Button>
      {failed ? <ErrorBox>Could not export {what}. Please try again.</ErrorBox> : null}
    </div>
  );
}
