/**
 * Runs work one at a time per key, within this process: the second call for a key starts when the
 * first has settled. Callers that wait here hold nothing (no pool connection, no row lock), which
 * is the point: fifty requests for one order queue in memory, not in PostgreSQL's lock manager
 * with a connection each (decision 063). Another process is not held back by it; what two
 * processes do at once is refused by the database's own locks taken without waiting.
 */
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const result = previous.then(work);
    const tail = result.then(
      () => {},
      () => {},
    );
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  /** Keys with work queued or running (tests). */
  get size(): number {
    return this.#tails.size;
  }
}
