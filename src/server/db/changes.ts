/**
 * What the read cache (read-cache.ts) knows of writes: a generation that moves when a write of this
 * process starts and when it ends, and when another process reports one (PostgreSQL NOTIFY, db.ts).
 * An answer read at one generation may be served again while the generation has not moved.
 */
export class Changes {
  #generation = 0;
  #writing = 0;
  #heard: boolean;

  /** `heard`: whether other processes' writes are heard from the start (PGlite: there are none). */
  constructor(heard: boolean) {
    this.#heard = heard;
  }

  /**
   * The generation a read starting now may be kept under, or undefined when it may not: a write of
   * this process is under way, or other processes' writes cannot be heard (the listener is down).
   */
  stamp(): number | undefined {
    return this.#writing === 0 && this.#heard ? this.#generation : undefined;
  }

  /** Runs a write (any statement not sent as an explicit read): the generation moves as it starts and as it settles. */
  async write<T>(run: () => Promise<T>): Promise<T> {
    this.#generation += 1;
    this.#writing += 1;
    try {
      return await run();
    } finally {
      this.#writing -= 1;
      this.#generation += 1;
    }
  }

  /** Another process wrote to a table cached answers read. */
  heardWrite(): void {
    this.#generation += 1;
  }

  /** Other processes' writes can be heard from now on (true) or not any more (false). */
  setHeard(heard: boolean): void {
    this.#heard = heard;
    this.#generation += 1;
  }
}
