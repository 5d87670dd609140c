import { Negotiator } from '@fastify/accept-negotiator';
import { type AnySchema, catalogEndpoints, type ProductSearchQuery, type SchemaInput } from '@gvm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import {
  type CachedAnswer,
  CatalogAnswerCache,
  COMPRESS_THRESHOLD_BYTES,
  contentCodings,
  etagFor,
  matchesIfNoneMatch,
} from './answer-cache';
import { cardArtPng, cardArtSvg } from './art/card-art';
import { CatalogIndexHolder } from './catalog-index';
import { CountCache } from './count-cache';
import {
  type CardArtFacts,
  findCardArtFacts,
  getProduct,
  getProductByCode,
  productAnswer,
  productFilters,
  searchProductsJson,
  searchTerm,
  topSellers,
} from './service';
import { productShelves } from './shelves';

/**
 * Catalogue answers are the same for every caller (nothing here reads the signed-in user or
 * guesses a country: `country` is a parameter), so browsers and CDNs may keep them a minute and
 * serve a stale one for five more while they revalidate (decision 022).
 */
export const CATALOG_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
/** Card art changes only with a merchant's brand colour, name, category or own art: a day. */
const LOGO_CACHE_CONTROL = 'public, max-age=86400';
/** `ARGOS-GB.svg`, `ARGOS-GB.png`; a bare code is the SVG, as before. */
const ART_FILE = /^(.+)\.(svg|png)$/;
/** A merchant's own art is used only from an https address or a path on this site (else the drawn card). */
const OWN_ART_URL = /^(https:\/\/|\/(?!\/))/;
const JSON_TYPE = 'application/json; charset=utf-8';

/** The normalised key of a search: every parameter after parsing, the term lower-cased. */
function searchKey(query: ProductSearchQuery): string {
  return JSON.stringify([
    'search',
    query.category ?? '',
    searchTerm(query),
    query.country ?? '',
    query.sortBy,
    query.page,
    query.limit,
  ]);
}

/** Text is worth compressing; a PNG already is compressed. */
const COMPRESSIBLE = /json|svg|^text\//;
/** Accept-Encoding headers come in a handful of spellings: each is parsed once. */
const codings = new Negotiator({ supportedValues: contentCodings, cache: new LRUCache<string, string>({ max: 200 }) });

/**
 * The answer, or 304 when If-None-Match holds its tag. A client that accepts brotli or gzip gets
 * the body compressed once and kept with the answer, with a tag of its own (`"…-br"`); the
 * Content-Encoding set here tells @fastify/compress to leave it alone.
 */
async function send(
  cache: CatalogAnswerCache,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  contentType: string,
  cacheControl = CATALOG_CACHE_CONTROL,
) {
  const accepted = request.headers['accept-encoding'];
  const coding =
    accepted && answer.body.length >= COMPRESS_THRESHOLD_BYTES && COMPRESSIBLE.test(contentType)
      ? (codings.negotiate(accepted) ?? undefined)
      : undefined;
  const etag = etagFor(answer, coding);
  reply.header('cache-control', cacheControl).header('etag', etag).header('vary', 'accept-encoding');
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.type(contentType);
  if (!coding) return reply.send(answer.body);
  return reply.header('content-encoding', coding).send(answer.ready[coding] ?? (await cache.coded(answer, coding)));
}

function redisFor(app: App): Redis | undefined {
  const url = app.appConfig.redisUrl;
  if (!url) return undefined;
  // A cache must never make a request slower than the database would: give up on Redis fast.
  const redis = new Redis(url, { connectTimeout: 500, commandTimeout: 250, maxRetriesPerRequest: 1 });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'catalogue cache (Redis) error'));
  app.addHook('onClose', async () => {
    await redis.quit();
  });
  return redis;
}

/** The public catalogue (docs/product/browsing.md#routes-and-rules), answered from the cache of decision 022. */
export async function catalogRoutes(app: App): Promise<void> {
  const counts = new CountCache();
  const catalogIndex = new CatalogIndexHolder(app.db, {
    answerOf: productAnswer,
    onError: (error) =>
      app.log.warn({ err: error }, 'catalogue index unreadable: catalogue searches read PostgreSQL meanwhile'),
  });
  // A build under way finishes before the database closes.
  app.addHook('onClose', () => catalogIndex.settled());
  const cache = new CatalogAnswerCache(app.db, {
    maxBytes: app.appConfig.catalogCacheMb * 1024 * 1024,
    recheckMs: app.appConfig.catalogCacheRecheckMs,
    // The app's clock, so tests of several instances move time past the re-check by hand.
    now: () => app.clock().getTime(),
    redis: redisFor(app),
    onRedisError: (error) => app.log.warn({ err: error }, 'catalogue cache (Redis) unavailable'),
    onGenerationError: (error) =>
      app.log.warn({ err: error }, 'catalogue generation unreadable: serving the answers already cached'),
  });
  // Once per miss, what the response serialiser would have checked: the answer fits the contract.
  const json = <S extends AnySchema>(schema: S, value: SchemaInput<S>) => JSON.stringify(schema.parse(value));

  // The list and the search are one search, answered alike (and cached under the same key).
  const searchAnswer = (query: ProductSearchQuery) =>
    cache.get(searchKey(query), (generation) =>
      searchProductsJson(app.db, query, { counts, generation, index: catalogIndex }, (response) =>
        json(catalogEndpoints.search.responses[200], response),
      ),
    );

  app.route({
    ...fromContract(catalogEndpoints.list),
    handler: async (request, reply) => send(cache, request, reply, await searchAnswer(request.query), JSON_TYPE),
  });

  app.route({
    ...fromContract(catalogEndpoints.search),
    handler: async (request, reply) => send(cache, request, reply, await searchAnswer(request.query), JSON_TYPE),
  });

  app.route({
    ...fromContract(catalogEndpoints.topSellers),
    handler: async (request, reply) => {
      const { limit, country } = request.query;
      const answer = await cache.get(JSON.stringify(['top-sellers', limit, country ?? '']), async () =>
        json(catalogEndpoints.topSellers.responses[200], { products: await topSellers(app.db, limit, country) }),
      );
      return send(cache, request, reply, answer, JSON_TYPE);
    },
  });

  app.route({
    ...fromContract(catalogEndpoints.shelves),
    handler: async (request, reply) => {
      const { country } = request.query;
      const answer = await cache.get(JSON.stringify(['shelves', country ?? '']), async () =>
        json(catalogEndpoints.shelves.responses[200], await productShelves(app.db, country)),
      );
      return send(cache, request, reply, answer, JSON_TYPE);
    },
  });

  app.route({
    ...fromContract(catalogEndpoints.filters),
    handler: async (request, reply) => {
      // The parsed query is the key: `country=gb` and `country=GB` are one answer.
      const { country, category } = request.query;
      const key = JSON.stringify(['filters', country ?? '', category ?? '']);
      const answer = await cache.get(key, async () =>
        json(catalogEndpoints.filters.responses[200], await productFilters(app.db, { country, category })),
      );
      return send(cache, request, reply, answer, JSON_TYPE);
    },
  });

  app.route({
    ...fromContract(catalogEndpoints.getByCode),
    handler: async (request, reply) => {
      const { code } = request.params;
      const answer = await cache.get(JSON.stringify(['code', code]), async () =>
        json(catalogEndpoints.getByCode.responses[200], await getProductByCode(app.db, code)),
      );
      return send(cache, request, reply, answer, JSON_TYPE);
    },
  });

  app.route({
    ...fromContract(catalogEndpoints.get),
    handler: async (request, reply) => {
      const { id } = request.params;
      // uuids compare case-insensitively; anything else answers 404, and no 404 is cached.
      const key = JSON.stringify(['id', isUuid(id) ? id.toLowerCase() : id]);
      const answer = await cache.get(key, async () =>
        json(catalogEndpoints.get.responses[200], await getProduct(app.db, id)),
      );
      return send(cache, request, reply, answer, JSON_TYPE);
    },
  });

  app.route({
    ...fromContract(catalogEndpoints.logo),
    handler: async (request, reply) => {
      const [, code = request.params.file, format = 'svg'] = ART_FILE.exec(request.params.file) ?? [];
      const { value, currency } = request.query;
      // The merchant's own art wins (decision 028); the redirect is cached like the art itself.
      const own = await cache.get(JSON.stringify(['card-art-facts', code]), async () => {
        const facts = await findCardArtFacts(app.db, code);
        if (!facts) throw notFound('Logo not found');
        return JSON.stringify(facts);
      });
      const facts: CardArtFacts = JSON.parse(own.body.toString());
      if (facts.artUrl && OWN_ART_URL.test(facts.artUrl)) {
        return reply.header('cache-control', LOGO_CACHE_CONTROL).redirect(facts.artUrl, 302);
      }
      const shown = value === undefined ? undefined : { amount: value, currency: currency ?? facts.currency };
      const key = JSON.stringify(['logo', code, format, shown?.amount ?? null, shown?.currency ?? null]);
      const answer = await cache.get(key, async () => {
        const svg = cardArtSvg({ name: facts.name, color: facts.color, category: facts.category, value: shown });
        return format === 'png' ? cardArtPng(svg) : svg;
      });
      return send(cache, request, reply, answer, format === 'png' ? 'image/png' : 'image/svg+xml', LOGO_CACHE_CONTROL);
    },
  });
}
