import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import { listenForChanges } from './change-listener';
import { Changes } from './changes';

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

/**
 * A handle to read with: the read cache's read path (db.read) or a transaction's own handle. The
 * database itself is not one: each of its statements counts as a write and empties the read cache,
 * so a read-only function typed to take a Reader cannot be handed the database by mistake.
 */
export interface Reader extends Queryable {
  readonly reader: true;
}

/**
 * A handle to write with: the database or a transaction's handle. The read path is not one: a write
 * sent there would leave the read cache serving answers it made stale.
 */
export interface Writer extends Queryable {
  readonly writer: true;
}

/** A transaction's handle: it reads and writes, inside a transaction already counted as a write. */
export type Tx = Reader & Writer;

export interface Db extends Writer {
  /** Runs fn in one transaction; it commits when fn resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs fn in one transaction that every statement of this database made while fn runs joins:
   * `query`, `read`, and `transaction` (as a savepoint), wherever they are called from, the session
   * and rate-limit code included. A write sent with an Idempotency-Key runs in it, so that its
   * effects and its kept answer commit together (src/server/idempotency.ts). It commits when fn
   * resolves and rolls back when it throws.
   */
  within<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
  /**
   * The explicit read path of the read cache (read-cache.ts): statements sent here do not count as
   * writes, so only statements that write nothing may be. Every other query, exec and transaction
   * counts as a write, whatever its SQL says (a SELECT may call a function that writes).
   */
  readonly read: Reader;
  /** The writes the read cache must know of: this process's, and on PostgreSQL other processes'. */
  readonly changes: Changes;
  /** How busy the database's connections are, for the metrics (plugins/metrics.ts). */
  readonly pool: PoolUse;
}

export interface PoolUse {
  /** The connections this process may hold: PGlite has one. */
  readonly max: number;
  /**
   * Statements and transactions sent and not yet answered, those waiting for a connection included:
   * a transaction holds its connection throughout and counts once, whatever it runs. More than `max`
   * means work is queueing (postgres.js may also pipeline statements on a busy connection).
   */
  inFlight(): number;
}

/** Counts the work `track` is given while it runs. */
function poolUse(max: number): PoolUse & { track<T>(work: () => Promise<T>): Promise<T> } {
  let inFlight = 0;
  return {
    max,
    inFlight: () => inFlight,
    async track(work) {
      inFlight += 1;
      try {
        return await work();
      } finally {
        inFlight -= 1;
      }
    },
  };
}

/** One `make(db)` per database, made on first use: module state that belongs to one database. */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}

export async function openPglite(dataDir: string | undefined, from?: Blob): Promise<Db> {
  return pgliteDb(await createPglite(dataDir, from));
}

/**
 * A PGlite engine with the extensions the migrations use, in `dataDir` or in memory; `from` is a data
 * folder dumped by `dumpDataDir` to start from instead of an empty one (the tests' migrated template).
 */
export async function createPglite(dataDir: string | undefined, from?: Blob): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(from ? { loadDataDir: from } : {}),
    extensions: { pg_trgm },
  });
}

/** The Db of a PGlite engine: one connection, its transactions run one at a time. */
export function pgliteDb(pg: PGlite): Db {
  // PGlite is single-connection: serialise transactions so concurrent requests never interleave in one.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };
  // One process owns a PGlite database: its own writes are all there are to hear of.
  const changes = new Changes(true);
  const pool = poolUse(1);
  const read: Reader = {
    reader: true,
    query: <T extends Row>(sql: string, params: unknown[] = []) =>
      pool.track(() => serial(async () => (await pg.query<T>(sql, params)).rows)),
  };
  return joinable({
    kind: 'pglite',
    writer: true,
    read,
    changes,
    pool,
    query: (sql, params) => changes.write(() => read.query(sql, params)),
    transaction: (fn) =>
      changes.write(() =>
        pool.track(() =>
          serial(() =>
            pg.transaction((tx) =>
              fn({
                reader: true,
                writer: true,
                query: async <T extends Row>(sql: string, params: unknown[] = []) =>
                  (await tx.query<T>(sql, params)).rows,
              }),
            ),
          ),
        ),
      ),
    exec: (sql) =>
      changes.write(() => pool.track(() => serial(async () => void (await pg.exec(sql))))),
    close: () => pg.close(),
  });
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
  const wrap = (s: postgres.Sql | postgres.TransactionSql): Tx => ({
    reader: true,
    writer: true,
    query: async <T extends Row>(text: string, params: unknown[] = [], options?: QueryOptions) =>
      (await s.unsafe(text, params as postgres.ParameterOrJSON<never>[], {
        prepare: options?.prepare ?? true,
      })) as unknown as T[],
  });
  // Other processes write to the same database: their writes are heard while a listener listens.
  const changes = new Changes(false);
  const stopListening = listenForChanges(url, changes);
  const pool = poolUse(max);
  const direct = wrap(sql);
  /**
   * A transaction's handle, whose savepoints are postgres.js's own (tx.savepoint): it keeps the first
   * failed statement of each scope, caught or not, and throws it as the scope ends, so a savepoint
   * sent as SQL on the transaction's handle failed the whole transaction for a statement its caller
   * had caught (issue 34 point 5). In a savepoint of its own, the failure stays in it.
   */
  const inTransaction = (tx: postgres.TransactionSql): Tx => {
    const handle = wrap(tx);
    nativeSavepoints.set(handle, async <T>(fn: (tx: Tx) => Promise<T>) => {
      const result = await tx.savepoint((inner) => fn(inTransaction(inner)));
      return result as T;
    });
    return handle;
  };
  const read: Reader = {
    reader: true,
    query: (text, params, options) => pool.track(() => direct.query(text, params, options)),
  };
  return joinable({
    kind: 'postgres',
    writer: true,
    read,
    changes,
    pool,
    query: (text, params, options) => changes.write(() => read.query(text, params, options)),
    transaction: (fn) =>
      changes.write(() =>
        pool.track(
          async () =>
            (await sql.begin((tx) => fn(inTransaction(tx)))) as Awaited<ReturnType<typeof fn>>,
        ),
      ),
    exec: (text) => changes.write(() => pool.track(async () => void (await sql.unsafe(text)))),
    close: async () => {
      await stopListening();
      await sql.end({ timeout: 5 });
    },
  });
}

/** The driver's own savepoints of a transaction's handle, where it has them (postgres.js). */
const nativeSavepoints = new WeakMap<Tx, <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>>();

/** A transaction run by `within` (or a savepoint in it), while its fn runs. */
interface Ambient {
  readonly database: object;
  readonly tx: Tx;
  open: boolean;
  /** The transaction's count of savepoints, for their names (shared by the savepoints in it). */
  readonly named: { count: number };
  /** The end of the last savepoint begun at this level: the next waits for it. */
  queue: Promise<void>;
  /** The level a savepoint's runs inside: work that outlives the savepoint joins it while open. */
  readonly parent?: Ambient;
}

const ambient = new AsyncLocalStorage<Ambient>();

/**
 * Adds `within` to a database: while its fn runs, the statements made in its async context join its
 * transaction instead of taking a connection of their own. On PGlite, which has one connection, a
 * statement of its own would wait for the transaction to end and so never run; on PostgreSQL it would
 * not see the transaction's writes, nor would its effects roll back with them.
 */
function joinable(database: Omit<Db, 'within'>): Db {
  const joined = (): Ambient | undefined => {
    let current = ambient.getStore();
    if (current?.database !== database) return undefined;
    // Fire-and-forget work started inside fn keeps its context after the transaction ended; after
    // a savepoint ended, it joins the level the savepoint ran in, while that is open.
    while (current && !current.open) current = current.parent;
    return current;
  };
  const within = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => {
    const current = joined();
    if (current) return savepoint(current, fn);
    return database.transaction((tx) => {
      const run: Ambient = {
        database,
        tx,
        open: true,
        named: { count: 0 },
        queue: Promise.resolve(),
      };
      return ambient.run(run, async () => {
        try {
          return await fn(tx);
        } finally {
          run.open = false;
        }
      });
    });
  };
  return {
    ...database,
    read: {
      reader: true,
      query: (sql, params, options) => (joined()?.tx ?? database.read).query(sql, params, options),
    },
    query: (sql, params, options) => (joined()?.tx ?? database).query(sql, params, options),
    transaction: (fn) => {
      const current = joined();
      return current ? savepoint(current, fn) : database.transaction(fn);
    },
    within,
    exec: (sql) => {
      if (joined()) throw new Error('exec (migrations) cannot run inside a transaction');
      return database.exec(sql);
    },
  };
}

/**
 * A transaction inside the joined one: it rolls back alone when fn throws, as a transaction would.
 * Savepoints begun side by side at one level run one after the other: on the transaction's one
 * connection a second begun before the first ended sits inside it, and the first's rollback undid the
 * second's work, which then went on as if done (issue 34 point 5: on PostgreSQL the transaction
 * committed without it). Each runs fn in a level of its own, where the statements made join it.
 */
async function savepoint<T>(current: Ambient, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const previous = current.queue;
  let done!: () => void;
  current.queue = new Promise<void>((resolve) => (done = resolve));
  await previous;
  try {
    const native = nativeSavepoints.get(current.tx);
    return await (native
      ? native((tx) => inLevel(current, tx, fn))
      : savepointBySql(current, (tx) => inLevel(current, tx, fn)));
  } finally {
    done();
  }
}

/** Runs fn as a level inside `current`, on tx: the statements it makes while it runs join tx. */
function inLevel<T>(current: Ambient, tx: Tx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const level: Ambient = { ...current, tx, open: true, queue: Promise.resolve(), parent: current };
  return ambient.run(level, async () => {
    try {
      return await fn(tx);
    } finally {
      level.open = false;
    }
  });
}

/**
 * A savepoint sent as SQL on the transaction's handle (PGlite): rolled back to when fn throws,
 * released when it resolves.
 */
async function savepointBySql<T>(current: Ambient, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const name = `nested_${++current.named.count}`;
  const unprepared = { prepare: false };
  await current.tx.query(`SAVEPOINT ${name}`, [], unprepared);
  let result: T;
  try {
    result = await fn(current.tx);
  } catch (error) {
    await current.tx.query(`ROLLBACK TO SAVEPOINT ${name}`, [], unprepared);
    throw error;
  }
  await current.tx.query(`RELEASE SAVEPOINT ${name}`, [], unprepared);
  return result;
}
