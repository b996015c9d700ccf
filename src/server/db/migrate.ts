import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any fixed number: several server processes may start at once against one PostgreSQL (design §6).
const MIGRATION_LOCK = 724_310_001;

/** Applies the numbered SQL files in db/migrations that have not run yet, in order, once each. */
export async function migrate(db: Db): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{4}-.+\.sql$/.test(name))
    .sort();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map(
        (row) => row.name,
      ),
    );
    const applied: string[] = [];
    for (const name of files) {
      if (done.has(name)) continue;
      for (const statement of migrationStatements(name)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      applied.push(name);
    }
    return applied;
  });
}

/**
 * The statements of a migration (its file name): its script split on semicolons that end a line,
 * a form migrations keep to. Tests that run one again over rows written as before use it too.
 */
export function migrationStatements(name: string): string[] {
  return readFileSync(MIGRATIONS_DIR + name, 'utf8')
    .split(/;\s*$/m)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement.length > 0);
}
