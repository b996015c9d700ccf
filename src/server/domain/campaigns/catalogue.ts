import * as v from 'valibot';
import { dollarsToCents } from '../../../shared/money';
import { hasAtMostTwoDecimals } from '../../../shared/two-decimals';
import type { Db, Writer } from '../../db/db';

/**
 * The partner's creator catalogue (design §5): a feed of JSON lines loaded into `profiles`, and the one
 * upsert used by both the import command and the development seed.
 */
export interface CatalogueProfile {
  username: string;
  fullName: string;
  avatar: string;
  likes: number;
  photosCount: number;
  videosCount: number;
  subscribePriceCents: number;
  listed: boolean;
}

const Count = (field: string) =>
  v.pipe(
    v.number(`${field} must be a number`),
    v.integer(`${field} must be a whole number`),
    v.minValue(0, `${field} must not be negative`),
    v.maxValue(2_147_483_647, `${field} is too large`),
  );

/** Usernames end up in URLs and file names (`/analytics/{username}`, `/avatars/{username}.svg`). */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** One line of the partner feed. */
export const CatalogueFeedLine = v.object({
  username: v.pipe(
    v.string('username must be a string'),
    v.regex(
      USERNAME_PATTERN,
      'username must be 1-64 letters, digits, dots, dashes or underscores, starting with a letter or digit',
    ),
  ),
  full_name: v.pipe(
    v.string('full_name must be a string'),
    v.trim(),
    v.nonEmpty('full_name must not be empty'),
    v.maxLength(200, 'full_name is too long'),
  ),
  avatar: v.pipe(
    v.string('avatar must be a string'),
    v.regex(/^(https?:\/\/|\/)\S+$/, 'avatar must be an http(s) URL or a path starting with /'),
    v.maxLength(2000, 'avatar is too long'),
  ),
  likes: Count('likes'),
  photos_count: Count('photos_count'),
  videos_count: Count('videos_count'),
  subscribe_price: v.pipe(
    v.number('subscribe_price must be a number of dollars'),
    v.minValue(0, 'subscribe_price must not be negative'),
    v.maxValue(1_000_000, 'subscribe_price is too large'),
    v.check(hasAtMostTwoDecimals, 'subscribe_price must have at most 2 decimals'),
  ),
});
export type CatalogueFeedLine = v.InferOutput<typeof CatalogueFeedLine>;

export interface FeedError {
  line: number;
  message: string;
}

export interface ParsedFeed {
  profiles: CatalogueProfile[];
  errors: FeedError[];
}

/**
 * Parses a JSON-lines feed. Blank lines are ignored; a bad line is reported with its number (from 1)
 * and skipped; a username seen earlier in the feed (case-insensitively, as `profiles` is unique on
 * lower(username)) is reported and skipped, the first one kept.
 */
export function parseCatalogueFeed(text: string): ParsedFeed {
  const profiles: CatalogueProfile[] = [];
  const errors: FeedError[] = [];
  const firstLineOf = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      errors.push({ line, message: 'not valid JSON' });
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      errors.push({ line, message: 'not a JSON object' });
      return;
    }
    const result = v.safeParse(CatalogueFeedLine, value);
    if (!result.success) {
      const issue = result.issues[0];
      const key = issue.path?.map((item) => String(item.key)).join('.');
      const missing = key && issue.input === undefined;
      errors.push({ line, message: missing ? `${key} is missing` : issue.message });
      return;
    }
    const key = result.output.username.toLowerCase();
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      errors.push({
        line,
        message: `username ${result.output.username} already appears on line ${first}`,
      });
      return;
    }
    firstLineOf.set(key, line);
    profiles.push(toProfile(result.output));
  });
  return { profiles, errors };
}

function toProfile(line: CatalogueFeedLine): CatalogueProfile {
  return {
    username: line.username,
    fullName: line.full_name,
    avatar: line.avatar,
    likes: line.likes,
    photosCount: line.photos_count,
    videosCount: line.videos_count,
    subscribePriceCents: dollarsToCents(line.subscribe_price),
    listed: true,
  };
}

const COLUMNS = [
  'username',
  'full_name',
  'avatar',
  'likes',
  'photos_count',
  'videos_count',
  'subscribe_price_cents',
  'listed',
] as const;
// 8 parameters a row: 1,000 rows stay far below PostgreSQL's 65,535 bind parameters.
const BATCH_ROWS = 1000;

/**
 * Inserts profiles in multi-row batches. `update` overwrites the details of a username already present
 * (matched case-insensitively; the stored spelling is kept, campaigns refer to it); `ignore` leaves
 * existing rows alone (the idempotent demo seed). Returns how many rows were inserted or updated.
 */
export async function upsertProfiles(
  db: Writer,
  profiles: readonly CatalogueProfile[],
  onConflict: 'update' | 'ignore' = 'update',
): Promise<number> {
  const conflict =
    onConflict === 'update'
      ? `ON CONFLICT ((lower(username))) DO UPDATE SET ${COLUMNS.slice(1)
          .map((column) => `${column} = EXCLUDED.${column}`)
          .join(', ')}`
      : 'ON CONFLICT DO NOTHING';
  let written = 0;
  for (let start = 0; start < profiles.length; start += BATCH_ROWS) {
    const batch = profiles.slice(start, start + BATCH_ROWS);
    const params: unknown[] = [];
    const rows = batch.map((profile) => {
      params.push(
        profile.username,
        profile.fullName,
        profile.avatar,
        profile.likes,
        profile.photosCount,
        profile.videosCount,
        profile.subscribePriceCents,
        profile.listed,
      );
      const first = params.length - COLUMNS.length + 1;
      return `(${COLUMNS.map((_, offset) => `$${first + offset}`).join(', ')})`;
    });
    const result = await db.query(
      `INSERT INTO profiles (${COLUMNS.join(', ')}) VALUES ${rows.join(', ')} ${conflict} RETURNING 1`,
      params,
    );
    written += result.length;
  }
  return written;
}

/**
 * Marks every listed profile whose username is not in `usernames` (ignoring case) as no longer listed
 * at the partner, after a full feed was imported. Returns how many were unlisted.
 */
export async function unlistMissingProfiles(
  db: Writer,
  usernames: readonly string[],
): Promise<number> {
  // One JSON text parameter instead of an array: both drivers send text as is (postgres.js would
  // encode a value for a jsonb parameter once more, hence text first).
  const rows = await db.query(
    `UPDATE profiles SET listed = false
      WHERE listed AND lower(username) NOT IN (
        SELECT lower(value) FROM jsonb_array_elements_text($1::text::jsonb))
      RETURNING 1`,
    [JSON.stringify(usernames)],
  );
  return rows.length;
}

/**
 * After an import: fresh statistics for the search planner, and the visibility map set so the search
 * reads common terms from its indexes alone (PGlite has no autovacuum to do either).
 */
export async function tidyCatalogue(db: Db): Promise<void> {
  await db.exec('VACUUM (ANALYZE) profiles');
}
