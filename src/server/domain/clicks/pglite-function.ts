import type { Db } from '../../db/db';
import { RECORD_AND_BILL } from './statement';

/**
 * PGlite parses and plans every query it is sent, and parsing and planning this statement's CTEs is
 * a good part of a batch's time. On PGlite it therefore runs inside a PL/pgSQL function, which keeps
 * its plan for the session: the same statement, in the caller's transaction. The function lives in
 * the session's temporary schema (PGlite has one session), made on the first batch. On PostgreSQL
 * the statement is sent prepared (record-once.ts).
 *
 * Speed trick (style habit 14). No before/after figure was recorded for it alone; it was in place at
 * the first bench run (README Performance, commit 5c275e2): PGlite, one sender, 7,516 billed clicks/s
 * (0.53x the bare SQL's 14,122); in the run of 2026-11-22 03:57 16,776 clicks/s (0.58x of 29,027).
 * To weigh it, bench PGlite with RECORD_AND_BILL sent as is.
 */
const RECORD_AND_BILL_FUNCTION = `
  CREATE OR REPLACE FUNCTION pg_temp.record_and_bill(text[], text[], text[], int[], boolean, text[],
                                                      text[], bigint[], bigint[], int, int)
    RETURNS TABLE (batches text, skipped text, used_up text, conflict boolean)
    LANGUAGE plpgsql AS $record_and_bill$
  #variable_conflict use_column
  BEGIN
    RETURN QUERY ${RECORD_AND_BILL};
  END
  $record_and_bill$`;
const CALL_RECORD_AND_BILL =
  'SELECT * FROM pg_temp.record_and_bill($1::text[], $2::text[], $3::text[], $4::int[], $5::boolean, ' +
  '$6::text[], $7::text[], $8::bigint[], $9::bigint[], $10::int, $11::int)';
const functionsMade = new WeakMap<Db, Promise<void>>();

/** The statement to send to `db`: the function on PGlite (made once per database), else the statement. */
export async function recordAndBillStatement(db: Db): Promise<string> {
  if (db.kind !== 'pglite') return RECORD_AND_BILL;
  let made = functionsMade.get(db);
  if (!made) {
    made = db.exec(RECORD_AND_BILL_FUNCTION);
    functionsMade.set(db, made);
    made.catch(() => functionsMade.delete(db));
  }
  await made;
  return CALL_RECORD_AND_BILL;
}
