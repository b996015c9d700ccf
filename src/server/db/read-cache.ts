import { perDatabase, type Db, type Reader } from './db';

interface Entry<V> {
  generation: number;
  value: V;
}

/**
 * A small in-process cache of hot read answers (issue 6: PGlite parses and plans every query). An
 * answer is served again only while the database's generation (changes.ts) has not moved since it
 * was read, so it is never older than the last write this process made or heard of. It is read
 * through db.read and kept only when no write was under way as the read started and none started or
 * ended while it ran; answers that are undefined are not kept. Callers asking for the same key at the
 * same generation share one read. At most `maxEntries` answers, the oldest stored dropped first.
 * Kept answers are shared between requests: never change one.
 */
export class ReadCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #loading = new Map<string, Entry<Promise<V>>>();

  constructor(
    private readonly db: Db,
    private readonly maxEntries: number,
  ) {}

  async get(key: string, load: (read: Reader) => Promise<V>): Promise<V> {
    const generation = this.db.changes.stamp();
    if (generation === undefined) return load(this.db.read);
    const entry = this.#entries.get(key);
    if (entry?.generation === generation) return entry.value;
    const loading = this.#loading.get(key);
    if (loading?.generation === generation) return loading.value;

    const value = load(this.db.read);
    this.#loading.set(key, { generation, value });
    try {
      const loaded = await value;
      if (loaded !== undefined && this.db.changes.stamp() === generation)
        this.#store(key, generation, loaded);
      return loaded;
    } finally {
      if (this.#loading.get(key)?.value === value) this.#loading.delete(key);
    }
  }

  #store(key: string, generation: number, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { generation, value });
    if (this.#entries.size > this.maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
  }
}

/** One ReadCache per database, made on first use: for a module's cache of one kind of answer. */
export function readCachePerDb<V>(maxEntries: number): (db: Db) => ReadCache<V> {
  return perDatabase((db) => new ReadCache<V>(db, maxEntries));
}
