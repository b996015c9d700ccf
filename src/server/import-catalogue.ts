import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { parseCatalogueFeed, upsertProfiles } from './domain/catalogue';

const HELP = `Usage: npm run import:catalogue -- <file.jsonl>

Loads a partner creator feed into the catalogue (table profiles) of the configured database:
PostgreSQL when DATABASE_URL is set, else the embedded PGlite database in DATA_DIR (default ./.data).
Each line is one JSON object:
  {"username": "ava.rivera", "full_name": "Ava Rivera", "avatar": "https://…/ava.jpg",
   "likes": 1200, "photos_count": 30, "videos_count": 4, "subscribe_price": 9.99}
A username already in the catalogue is updated (matched ignoring case), a new one is added as listed.
Bad lines are reported with their line number and skipped.

The embedded PGlite database belongs to one process: stop the server before importing into it.
(With DATABASE_URL the server may keep running.)`;

/** The catalogue import command (design §5); a production tool, run while the server is stopped. */
async function importCatalogue(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  const file = argv.find((arg) => !arg.startsWith('-'));
  if (!file) {
    console.log(HELP);
    return 1;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  const { profiles, errors } = parseCatalogueFeed(text);
  for (const { line, message } of errors) console.error(`${file}:${line}: ${message} (skipped)`);

  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const written = await db.transaction((tx) => upsertProfiles(tx, profiles));
    console.log(
      `Imported ${written} creator profile${written === 1 ? '' : 's'} from ${file}` +
        (errors.length > 0
          ? `; skipped ${errors.length} bad line${errors.length === 1 ? '' : 's'}.`
          : '.'),
    );
  } finally {
    await db.close();
  }
  return 0;
}

try {
  process.exitCode = await importCatalogue(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
