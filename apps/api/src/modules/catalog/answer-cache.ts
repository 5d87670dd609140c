import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client';
import { catalogGeneration } from '../../db/schema/catalog';

export type ContentCoding = 'br' | 'gzip';
/** Codings a cached answer is kept in, the browser's favourite first. */
export const contentCodings: ContentCoding[] = ['br', 'gzip'];
/** Below this a body is sent as it is (as @fastify/compress does): the coding would not pay. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** A serialised catalogue answer and its strong validator. */
export interface CachedAnswer {
  /** Its key in the memory cache (generation included). */
  readonly key: string;
  body: Buffer;
  /** `"<sha-1 of the body, base64url>"`: equal bodies, equal tags, on every instance. */
  etag: string;
  /** The body compressed, made on the first request that accepts the coding. */
  coded: Partial<Record<ContentCoding, Promise<Buffer>>>;
  /** The same once made, for a request that need not wait. */
  ready: Partial<Record<ContentCoding, Buffer>>;
  /** Bytes of the compressed bodies made so far (counted in the memory bound). */
  codedBytes: number;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const compressors: Record<ContentCoding, (body: Buffer) => Promise<Buffer>> = {
  // Made once per answer and sent many times: brotli at quality 5 (@fastify/compress uses 4 for
  // each response it compresses), gzip at its default level 6.
  br: (body) =>
    brotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipped(body),
};

/** The tag of one representation: a compressed body is other bytes, so another strong tag. */
export function etagFor(answer: CachedAnswer, coding: ContentCoding | undefined): string {
  return coding ? `${answer.etag.slice(0, -1)}-${coding}"` : answer.etag;
}

export interface AnswerCacheOptions {
  /** Upper bound of the bodies (compressed ones too) and keys held in this process, in bytes (0: no memory cache). */
  maxBytes: number;
  /** How long a generation read from the database is trusted before it is read again (0: every request). */
  recheckMs: number;
  /** Shared answers for several instances (REDIS_URL); a Redis failure only costs a database read. */
  redis?: Redis | undefined;
  /** How long an answer lives in Redis; old generations' keys simply expire. */
  redisTtlSeconds?: number;
  now?: () => number;
  onRedisError?: (error: unknown) => void;
  /** The generation could not be read: the last one known is kept meanwhile. */
  onGenerationError?: (error: unknown) => void;
}

const REDIS_PREFIX = 'gvm-catalog:';
/** What one entry costs beside its body and key: the entry object, the tag and the LRU's slots. */
const ENTRY_OVERHEAD_BYTES = 160;

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match (RFC 9110 13.1.2) holds the tag: `*`, or one of a list, compared weakly. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * Catalogue answers by key, for the catalogue's current generation (decision 022). The
 * generation lives in the database, raised by a trigger on every write to `products`, so every
 * instance and every writer (seed, script, psql) agrees on it; an instance reads it again at
 * most every `recheckMs`. Keys carry the generation, so an answer of an older catalogue is never
 * served once the new generation is seen, here or in Redis. Concurrent misses of one key share
 * one database read.
 */
export class CatalogAnswerCache {
  private readonly memory: LRUCache<string, CachedAnswer> | undefined;
  private readonly pending = new Map<string, Promise<CachedAnswer>>();
  private readonly now: () => number;
  private readonly redisTtlSeconds: number;
  private known: { generation: string; checkedAt: number } | undefined;
  private reading: Promise<string> | undefined;

  constructor(
    private readonly db: Executor,
    private readonly options: AnswerCacheOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.redisTtlSeconds = options.redisTtlSeconds ?? 600;
    if (options.maxBytes > 0) {
      this.memory = new LRUCache<string, CachedAnswer>({
        maxSize: options.maxBytes,
        sizeCalculation: (answer, key) =>
          answer.body.length + answer.codedBytes + key.length * 2 + ENTRY_OVERHEAD_BYTES,
      });
    }
  }

  /** Bytes the memory cache holds now (bodies, keys and a fixed allowance per entry). */
  get memoryBytes(): number {
    return this.memory?.calculatedSize ?? 0;
  }

  get memoryEntries(): number {
    return this.memory?.size ?? 0;
  }

  /** The catalogue's epoch and generation (`<uuid>.<n>`), read from the database at most every `recheckMs`. */
  async generation(): Promise<string> {
    const known = this.known;
    if (known && this.now() - known.checkedAt < this.options.recheckMs) return known.generation;
    this.reading ??= this.readGeneration().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async readGeneration(): Promise<string> {
    const checkedAt = this.now();
    let row: { epoch: string; generation: number } | undefined;
    try {
      [row] = await this.db.select().from(catalogGeneration);
    } catch (error) {
      // The database is unreachable: the answers already held stay as good as they were a
      // moment ago, so they keep being served (a miss will fail on its own query). Asked again
      // after `recheckMs`.
      if (!this.known) throw error;
      this.options.onGenerationError?.(error);
      this.known = { generation: this.known.generation, checkedAt };
      return this.known.generation;
    }
    if (!row) throw new Error('catalog_generation has no row: run the migrations');
    const generation = `${row.epoch}.${row.generation}`;
    // Every key held names an older generation now: nobody will ask for them again.
    if (this.known && this.known.generation !== generation) this.memory?.clear();
    this.known = { generation, checkedAt };
    return generation;
  }

  /**
   * The answer for `key` in the current generation: from memory, else Redis, else `produce`
   * (which reads the database and serialises; a thrown error, such as a 404, is not cached).
   * `produce` learns the generation its answer is kept under.
   */
  async get(key: string, produce: (generation: string) => Promise<string | Buffer>): Promise<CachedAnswer> {
    const generation = await this.generation();
    const fullKey = `${generation}:${key}`;
    const hit = this.memory?.get(fullKey);
    if (hit) return hit;
    const inFlight = this.pending.get(fullKey);
    if (inFlight) return inFlight;
    const loading = this.load(fullKey, () => produce(generation)).finally(() => this.pending.delete(fullKey));
    this.pending.set(fullKey, loading);
    return loading;
  }

  private async load(fullKey: string, produce: () => Promise<string | Buffer>): Promise<CachedAnswer> {
    const shared = await this.fromRedis(fullKey);
    if (shared) return this.remember(fullKey, ownBuffer(shared));
    const produced = await produce();
    const body = ownBuffer(produced);
    this.toRedis(fullKey, body);
    return this.remember(fullKey, body);
  }

  /**
   * The answer's body in `coding`, compressed once (off the event loop) and kept with it; the
   * memory cache counts the new bytes.
   */
  async coded(answer: CachedAnswer, coding: ContentCoding): Promise<Buffer> {
    const existing = answer.coded[coding];
    if (existing) return existing;
    const made = compressors[coding](answer.body).then((compressed) => {
      const own = ownBuffer(compressed);
      answer.codedBytes += own.length;
      answer.ready[coding] = own;
      // Put back so the LRU counts the new bytes (lru-cache measures a value when it is set,
      // and setting the same value again keeps the old size), if it still holds this answer.
      if (this.memory?.peek(answer.key) === answer) {
        this.memory.delete(answer.key);
        this.memory.set(answer.key, answer);
      }
      return own;
    });
    answer.coded[coding] = made;
    made.catch(() => {
      delete answer.coded[coding];
    });
    return made;
  }

  private remember(fullKey: string, body: Buffer): CachedAnswer {
    const answer: CachedAnswer = { key: fullKey, body, etag: etagOf(body), coded: {}, ready: {}, codedBytes: 0 };
    // An answer produced while the generation moved on is still correct for its own (older)
    // key, which nobody asks for any more; it ages out of the LRU.
    this.memory?.set(fullKey, answer);
    return answer;
  }

  private async fromRedis(fullKey: string): Promise<Buffer | null> {
    const redis = this.options.redis;
    if (!redis) return null;
    try {
      return await redis.getBuffer(REDIS_PREFIX + fullKey);
    } catch (error) {
      this.options.onRedisError?.(error);
      return null;
    }
  }

  private toRedis(fullKey: string, body: Buffer): void {
    const redis = this.options.redis;
    if (!redis) return;
    redis.set(REDIS_PREFIX + fullKey, body, 'EX', this.redisTtlSeconds).catch((error: unknown) => {
      this.options.onRedisError?.(error);
    });
  }
}

/**
 * A buffer of its own: `Buffer.from` places small buffers in a shared 8 KB slab, and keeping
 * one alive would keep the whole slab (the cache's memory would be undercounted).
 */
function ownBuffer(content: string | Buffer): Buffer {
  const length = typeof content === 'string' ? Buffer.byteLength(content) : content.length;
  const buffer = Buffer.allocUnsafeSlow(length);
  if (typeof content === 'string') buffer.write(content);
  else content.copy(buffer);
  return buffer;
}
