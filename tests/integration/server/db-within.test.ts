import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/db';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../helpers/server';

/**
 * Db.within (src/server/db/db.ts), under every write sent with an Idempotency-Key (route.ts
 * answerOnce): the statements made while its fn runs join its transaction wherever they are made,
 * `transaction` and a nested `within` become savepoints, and it commits or rolls back as a whole.
 */
describe.each(databaseKinds())('Db.within on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let closed = false;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    await db.query('CREATE TABLE within_rows (label text NOT NULL)');
  });
  afterAll(async () => {
    if (!closed) await database?.close();
  });
  beforeEach(async () => {
    if (!closed) await db.query('DELETE FROM within_rows');
  });

  const insert = (label: string) => db.query('INSERT INTO within_rows VALUES ($1)', [label]);
  /** The labels committed, as a statement outside any transaction sees them. */
  const committed = async () =>
    (await db.query<{ label: string }>('SELECT label FROM within_rows ORDER BY label')).map(
      (row) => row.label,
    );
  /** The id of the transaction the statement runs in (a statement of its own gets a new one). */
  const txid = async (handle: Pick<Db, 'query'> = db) =>
    Number((await handle.query<{ id: number }>('SELECT txid_current() AS id'))[0]!.id);
  const failure = new Error('the handler failed');

  it('runs the statements made while fn runs in its own transaction: the database handle, its read path and tx are one', async () => {
    const ids = await db.within(async (tx) => [
      await txid(tx),
      await txid(db),
      Number((await db.read.query<{ id: number }>('SELECT txid_current() AS id'))[0]!.id),
      await db.transaction((nested) => txid(nested)),
    ]);
    expect(new Set(ids).size).toBe(1);
    // Outside it, each statement is a transaction of its own.
    const [before, after] = [await txid(), await txid()];
    expect(before).not.toBe(ids[0]);
    expect(after).not.toBe(before);
  });

  it("commits what fn wrote through any handle when fn resolves, and answers fn's result", async () => {
    const result = await db.within(async (tx) => {
      await tx.query("INSERT INTO within_rows VALUES ('by tx')");
      await insert('by db.query');
      return db.read.query<{ label: string }>('SELECT label FROM within_rows ORDER BY label');
    });
    // The read path saw the writes not yet committed.
    expect(result).toEqual([{ label: 'by db.query' }, { label: 'by tx' }]);
    expect(await committed()).toEqual(['by db.query', 'by tx']);
  });

  it('rolls back everything fn wrote, savepoints released included, when fn throws, and rethrows the same error', async () => {
    const outcome = db.within(async (tx) => {
      await tx.query("INSERT INTO within_rows VALUES ('by tx')");
      await insert('by db.query');
      await db.transaction(async () => insert('in a released savepoint'));
      await db.within(async () => insert('in a nested within'));
      throw failure;
    });
    await expect(outcome).rejects.toBe(failure);
    expect(await committed()).toEqual([]);
  });

  it('rolls back only a failed transaction inside it (a savepoint): the rest goes on and commits', async () => {
    const caught = await db.within(async () => {
      await insert('before');
      const error = await db
        .transaction(async (tx) => {
          await tx.query("INSERT INTO within_rows VALUES ('in the failed savepoint')");
          throw failure;
        })
        .catch((thrown: unknown) => thrown);
      await insert('after');
      return error;
    });
    expect(caught).toBe(failure);
    expect(await committed()).toEqual(['after', 'before']);
  });

  it('rolls back a failed statement inside a savepoint alone, the rest goes on and commits', async () => {
    const notNull =
      'null value in column "label" of relation "within_rows" violates not-null constraint';
    let after = false;
    const outcome = db.within(async () => {
      await insert('before');
      await expect(
        db.transaction(async (tx) => tx.query('INSERT INTO within_rows VALUES (NULL)')),
      ).rejects.toThrow(notNull);
      await insert('after');
      after = true;
    });
    // postgres.js keeps the first failed statement of each scope and throws it as the scope ends,
    // caught or not: with the savepoint sent as SQL on the transaction's handle, the whole
    // transaction failed on PostgreSQL; in a savepoint of postgres.js's own, the failure stays in it.
    await outcome;
    expect(await committed()).toEqual(['after', 'before']);
    expect(after).toBe(true);
  });

  it('nests: a within inside a within inside a within, each level rolled back alone', async () => {
    await db.within(async () => {
      await insert('level 1');
      await db.within(async () => {
        await insert('level 2');
        await expect(
          db.within(async () => {
            await insert('level 3');
            throw failure;
          }),
        ).rejects.toBe(failure);
        await insert('level 2 after level 3 failed');
      });
      await expect(
        db.within(async () => {
          await insert('level 2 failed');
          await db.within(async () => insert('level 3 inside the failed level 2'));
          throw failure;
        }),
      ).rejects.toBe(failure);
    });
    expect(await committed()).toEqual(['level 1', 'level 2', 'level 2 after level 3 failed']);
  });

  it('keeps concurrent calls apart: each its own transaction, one failing leaves the other committed', async () => {
    const failing = db.within(async () => {
      const id = await txid();
      await insert('failing');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await txid()).toBe(id);
      throw failure;
    });
    const succeeding = db.within(async (tx) => {
      const id = await txid();
      await insert('succeeding');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await txid(tx)).toBe(id);
      return id;
    });
    const [failed, succeeded] = await Promise.allSettled([failing, succeeding]);
    expect(failed).toEqual({ status: 'rejected', reason: failure });
    expect(succeeded.status).toBe('fulfilled');
    expect(await committed()).toEqual(['succeeding']);
  });

  it('runs two savepoints begun side by side one after the other: the failed one rolls back alone', async () => {
    // On the one connection the second sat inside the first, whose ROLLBACK TO undid it: PGlite then
    // failed the whole transaction, and PostgreSQL committed it without the second's row, though
    // its fn had resolved.
    const outcome = db.within(async () => {
      await insert('before');
      return Promise.allSettled([
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO within_rows VALUES ('first savepoint')");
          await new Promise((resolve) => setTimeout(resolve, 50));
          throw failure;
        }),
        db.transaction(async (tx) => {
          await new Promise((resolve) => setTimeout(resolve, 10));
          await tx.query("INSERT INTO within_rows VALUES ('second savepoint')");
          await new Promise((resolve) => setTimeout(resolve, 100));
        }),
      ]);
    });
    expect(await outcome).toEqual([
      { status: 'rejected', reason: failure },
      { status: 'fulfilled', value: undefined },
    ]);
    expect(await committed()).toEqual(['before', 'second savepoint']);
  });

  it('lets work started inside it and still running after it committed run on its own', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let later!: Promise<number>;
    const id = await db.within(async (tx) => {
      later = released.then(async () => {
        await insert('after the transaction ended');
        return txid();
      });
      await tx.query("INSERT INTO within_rows VALUES ('inside')");
      return txid(tx);
    });
    release();
    expect(await later).not.toBe(id);
    expect(await committed()).toEqual(['after the transaction ended', 'inside']);
  });

  it('lets work started inside a savepoint and still running after it ended join the transaction it ran in', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let later!: Promise<number>;
    const id = await db.within(async (tx) => {
      await db.transaction(async () => {
        later = released.then(async () => {
          await insert('after the savepoint ended');
          return txid();
        });
      });
      release();
      // Awaited by the transaction: on its own it would wait for the transaction (PGlite's one
      // connection) or miss its writes (PostgreSQL).
      expect(await later).toBe(await txid(tx));
      return txid(tx);
    });
    expect(await later).toBe(id);
    expect(await committed()).toEqual(['after the savepoint ended']);
  });

  it('refuses exec (migrations) inside it', async () => {
    await db.within(async () => {
      await expect(async () => db.exec('SELECT 1')).rejects.toThrow(
        'exec (migrations) cannot run inside a transaction',
      );
    });
  });

  // Last: it closes the database.
  it('refuses at once with a clear error once the database is closed', async () => {
    closed = true;
    await database.close();
    let ran = false;
    const outcome = db.within(async () => {
      ran = true;
    });
    await expect(outcome).rejects.toThrow(
      kind === 'pglite' ? 'PGlite is closed' : 'write CONNECTION_ENDED',
    );
    expect(ran).toBe(false);
  });
});
