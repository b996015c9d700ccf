import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import {
  parseCatalogueFeed,
  tidyCatalogue,
  unlistMissingProfiles,
  upsertProfiles,
} from './domain/campaigns/catalogue';

const HELP = `Usage: npm run import:catalogue -- <file.jsonl> [--unlist-missing]

Loads a partner creator feed into the catalogue (table profiles) of the configured database:
PostgreSQL when DATABASE_URL is set, else the embedded PGlite database in DATA_DIR (default ./.data).
Each line is one JSON object:
  {"username": "ava.rivera", "full_name": "Ava Rivera", "avatar": "https://…/ava.jpg",
   "likes": 1200, "photos_count": 30, "videos_count": 4, "subscribe_price": 9.99}
A username already in the catalogue is updated (matched ignoring case), a new one is added as listed.
Bad lines are reported with their line number and skipped.
--unlist-missing: the feed is the partner's whole catalogue; creators not in it are marked as not
listed (no new campaigns for them). It needs a feed without bad lines.

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
  const unlistMissing = argv.includes('--unlist-missing');
  for (const { line, message } of errors) console.error(`${file}:${line}: ${message} (skipped)`);
  if (unlistMissing && (errors.length > 0 || profiles.length === 0)) {
    console.error(
      '--unlist-missing needs a complete feed: nothing was imported. Fix the lines above, or import without it.',
    );
    return 1;
  }

  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const { written, unlisted } = await db.transaction(async (tx) => ({
      written: await upsertProfiles(tx, profiles),
      unlisted: unlistMissing
        ? await unlistMissingProfiles(
            tx,
            profiles.map((profile) => profile.username),
          )
        : 0,
    }));
    await tidyCatalogue(db);
    console.log(
      `Imported ${plural(written, 'creator profile')} from ${file}` +
        (errors.length > 0 ? `; skipped ${plural(errors.length, 'bad line')}` : '') +
        (unlistMissing ? `; ${plural(unlisted, 'profile')} no longer listed` : '') +
        '.',
    );
  } finally {
    await db.close();
  }
  return 0;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

try {
  process.exitCode = await importCatalogue(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
