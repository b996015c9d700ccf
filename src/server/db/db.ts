import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';

export type Row = Record<string, unknown>;

export interface QueryOptions {
  /**
   * PostgreSQL keeps a statement prepared per connection and, after a few calls, one plan for all
   * values. `false` plans each call for its values: for a statement whose best plan depends on them
   * (a search term that is common or rare). PGlite always plans each call.
   */
  prepare?: boolean;
}

/** What the domain code needs of a database: parameterised SQL ($1, $2 …) and transactions. */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
}

export interface Db extends Queryable {
  /** Runs fn in one transaction; it commits when fn resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

export async function openPglite(dataDir: string | undefined): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(
    dataDir ? { dataDir, extensions: { pg_trgm } } : { extensions: { pg_trgm } },
  );
  // PGlite is single-connection: serialise transactions so concurrent requests never interleave in one.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    kind: 'pglite',
    query: <T extends Row>(sql: string, params: unknown[] = []) =>
      serial(async () => (await pg.query<T>(sql, params)).rows),
    transaction: (fn) =>
      serial(() =>
        pg.transaction((tx) =>
          fn({
            query: async <T extends Row>(sql: string, params: unknown[] = []) =>
              (await tx.query<T>(sql, params)).rows,
          }),
        ),
      ),
    exec: (sql) => serial(async () => void (await pg.exec(sql))),
    close: () => pg.close(),
  };
}

export function openPostgres(url: string, max = 10): Db {
  // int8 columns come back as JS numbers on both engines (PGlite does so already). Cents stay far
  // below 2^53; aggregate sums must be cast back to ::bigint in SQL.
  const sql = postgres(url, {
    max,
    onnotice: () => undefined,
    types: {
      int8: {
        to: 20,
        from: [20],
        serialize: (x: number) => String(x),
        parse: (x: string) => Number(x),
      },
    },
  });
  // Named prepared statements: each connection parses a statement once and soon plans it once.
  const wrap = (s: postgres.Sql | postgres.TransactionSql): Queryable => ({
    query: async <T extends Row>(text: string, params: unknown[] = [], options?: QueryOptions) =>
      (await s.unsafe(text, params as postgres.ParameterOrJSON<never>[], {
        prepare: options?.prepare ?? true,
      })) as unknown as T[],
  });
  return {
    kind: 'postgres',
    ...wrap(sql),
    transaction: async (fn) =>
      (await sql.begin((tx) => fn(wrap(tx)))) as Awaited<ReturnType<typeof fn>>,
    exec: async (text) => void (await sql.unsafe(text)),
    close: () => sql.end({ timeout: 5 }),
  };
}
