import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { CallDef } from '@candy/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod';
import { type Encoding, encodingFor } from './acceptEncoding.ts';
import { flattenHeaders, type RawHead, rawHeadOf, writeRawHead } from './rawHead.ts';
import type { HandlerInput } from './router.ts';

/**
 * What a cached answer may depend on: the call's parsed input and who is asking, never the request
 * or reply objects, so the cache can compute an answer again without a request (refresh-ahead).
 */
export type CachedInput<C extends CallDef> = Omit<HandlerInput<C>, 'req' | 'reply'>;

type CachedHandler<C extends CallDef> = (input: CachedInput<C>) => Promise<z.infer<C['response']>>;

/**
 * Who a cached answer was computed for. An answer is only ever served to the same class, so an
 * owner's view (hidden essays) can never reach a visitor. `dark` is the dark-key/owner view of
 * dark-only calls, whose answers do not differ between the two.
 */
export type ViewClass = 'visitor' | 'dark' | 'owner';

/** Tables whose writes invalidate cached answers. */
export type CacheTag =
  | 'essay'
  | 'article'
  | 'link'
  | 'hitokoto'
  | 'bangumi'
  | 'waifu'
  | 'moment'
  | 'video'
  | 'meta';

interface Entry {
  /** Its key in the cache (the fast path checks the entry is still the one stored there). */
  key: string;
  /** The headers every answer carries (security headers), as the first answer was sent. */
  baseHeaders?: OutgoingHttpHeaders;
  /** The fast path's full header sets, made once per status and encoding. */
  rawHeaders?: Map<string, RawHead>;
  data: unknown;
  body: Buffer;
  etag: string;
  tags: readonly CacheTag[];
  expiresAt: number;
  /**
   * For an entry the fast path serves: from when a fast answer has it computed again in the
   * background (refresh-ahead), and how. The expiry is unchanged, so nothing is served staler.
   */
  refresh?: { at: number; run: () => Promise<unknown>; started?: boolean };
  br?: Buffer;
  gzip?: Buffer;
}

export interface CacheRule<C extends CallDef> {
  tags: readonly CacheTag[];
  /** The view class of this caller; part of the key. */
  view(input: CachedInput<C>): ViewClass;
  /** Anything else the answer depends on besides path and query (e.g. the caller's UTC offset). */
  variant?(input: CachedInput<C>): string;
  /** An earlier expiry than the TTL, e.g. the next essay reservation. */
  expiresAt?(input: CachedInput<C>): Promise<number | null>;
}

export interface PublicCacheOptions {
  now: () => number;
  /** Bounds staleness across replicas (which do not see each other's writes). */
  ttlMs?: number;
  maxEntries?: number;
  /** Bodies smaller than this are sent as they are (same threshold as the compress plugin). */
  compressThreshold?: number;
  /** How far into its TTL an entry the fast path serves is computed again, as a fraction. */
  refreshAhead?: number;
}

/**
 * How far into its lifetime a copy that readers are served from memory is computed again in the
 * background (refresh-ahead, issue 39): the cached answers here and the quotes' copy alike.
 */
export const REFRESH_AHEAD = 0.7;

/** Pre-serialised answers are sent as bytes; the compress plugin skips a reply that has an encoding. */
const matchesEtag = (header: string | undefined, etag: string): boolean => {
  if (!header) return false;
  if (header.trim() === '*') return true;
  // Weak comparison (RFC 9110 §13.1.2): W/ prefixes are ignored.
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
};

/** Path plus query with its parameters sorted, so `?a=1&b=2` and `?b=2&a=1` share an entry. */
const canonicalUrl = (req: { url?: string }): string => {
  const url = req.url ?? '';
  if (!url.includes('?')) return url;
  const [pathname, search = ''] = url.split('?', 2);
  const params = new URLSearchParams(search);
  params.sort();
  const query = params.toString();
  return query ? `${pathname}?${query}` : (pathname ?? '');
};

/**
 * The fast path's headers for a 304 or for one encoding of an entry's body, flattened on first
 * use. `body` is the bytes sent for that encoding (their length goes in the list).
 */
const rawHeadersOf = (entry: Entry, variant: '304' | Encoding | 'identity', body?: Buffer): RawHead => {
  entry.rawHeaders ??= new Map();
  let set = entry.rawHeaders.get(variant);
  if (!set) {
    set = rawHeadOf(
      flattenHeaders({
        ...entry.baseHeaders,
        etag: entry.etag,
        vary: 'accept-encoding, x-fingerprint, x-dark-key',
        'cache-control': 'no-cache',
        ...(body && {
          'content-type': 'application/json; charset=utf-8',
          ...(variant !== 'identity' && { 'content-encoding': variant }),
          'content-length': body.length,
        }),
      }),
    );
    entry.rawHeaders.set(variant, set);
  }
  return set;
};

/**
 * The in-memory cache of public read answers (DESIGN §8): the envelope is serialised once, compressed
 * once per encoding on first demand, answered with an ETag and 304 on a matching If-None-Match.
 * Writes call `invalidate(tag)`; a short TTL covers what no write announces (a reservation coming
 * due, another replica's write).
 */
export const createPublicCache = ({
  now,
  ttlMs = 10_000,
  maxEntries = 2000,
  compressThreshold = 1024,
  refreshAhead = REFRESH_AHEAD,
}: PublicCacheOptions) => {
  const entries = new Map<string, Entry>();
  /** The canonical url of a GET → the key of its visitor answer (no variant), for the fast path. */
  const visitorKeys = new Map<string, string>();
  let fastAnswers = 0;
  // Bumped on invalidation: an answer computed while its table was being written is not stored.
  const generations = new Map<CacheTag, number>();
  const generationOf = (tags: readonly CacheTag[]) => tags.map((t) => generations.get(t) ?? 0).join('.');
  const invalidationListeners: ((tag: CacheTag) => void)[] = [];

  const store = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    // Map order is insertion order: the first key is the least recently stored.
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    if (visitorKeys.size > maxEntries * 2) visitorKeys.clear();
  };

  const encoded = (entry: Entry, encoding: Encoding): Buffer => {
    if (encoding === 'br') {
      entry.br ??= brotliCompressSync(entry.body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
      });
      return entry.br;
    }
    entry.gzip ??= gzipSync(entry.body, { level: 9 });
    return entry.gzip;
  };

  const send = async (req: FastifyRequest, reply: FastifyReply, entry: Entry, view: ViewClass) => {
    // What every answer carries besides the cache's own headers (security headers); not from a
    // cross-origin request, whose CORS headers are that caller's. The request id and HSTS (https
    // only) belong to one request: the fast path adds its own.
    if (!entry.baseHeaders && !req.headers.origin) {
      const { 'x-request-id': _id, 'strict-transport-security': _hsts, ...rest } = reply.getHeaders();
      entry.baseHeaders = rest as OutgoingHttpHeaders;
    }
    void reply.header('etag', entry.etag);
    void reply.header('vary', 'accept-encoding, x-fingerprint, x-dark-key');
    // Revalidate every time (the 304 is cheap); only the visitor view may sit in a shared cache.
    void reply.header('cache-control', view === 'visitor' ? 'no-cache' : 'private, no-cache');
    if (matchesEtag(req.headers['if-none-match'], entry.etag)) {
      reply.code(304).send();
    } else {
      const encoding = entry.body.length >= compressThreshold ? encodingFor(req) : null;
      void reply.type('application/json; charset=utf-8');
      if (encoding) void reply.header('content-encoding', encoding);
      reply.send(encoding ? encoded(entry, encoding) : entry.body);
    }
    // The router sends nothing once the reply is sent; wait if an onSend hook made sending async.
    if (!reply.sent) {
      await new Promise<void>((resolve) => {
        reply.raw.once('finish', resolve);
        reply.raw.once('close', resolve);
      });
    }
  };

  return {
    /**
     * Wraps a handler so its answer is served from the cache: per path, sorted query, view class and
     * variant. The wrapped handler still resolves with the data it answered.
     */
    handler<C extends CallDef>(
      rule: CacheRule<C>,
      inner: CachedHandler<C>,
    ): (input: HandlerInput<C>) => Promise<z.infer<C['response']>> {
      /**
       * Computes an answer and stores it unless its table was written meanwhile. An answer the fast
       * path will serve (`fastUrl`) keeps how to compute it again: from the call's input alone, not
       * the request (issue 39). A hot entry's expiry used to send one read in ten seconds through
       * Fastify on a real socket; the socket path's optimised code met that request's objects and
       * was thrown away and compiled again (≈ 60 deoptimisations each time, `--trace-deopt`), and
       * the reads around it slowed. A refresh runs the handler alone: no request, no stream.
       */
      const compute = async (key: string, input: CachedInput<C>, fastUrl: string | null): Promise<Entry> => {
        const at = now();
        const generation = generationOf(rule.tags);
        const [data, earlier] = await Promise.all([inner(input), rule.expiresAt?.(input) ?? null]);
        const body = Buffer.from(JSON.stringify({ code: 0, data: data ?? null }));
        const expiresAt = Math.min(at + ttlMs, earlier ?? Number.POSITIVE_INFINITY);
        const refreshAt = at + ttlMs * refreshAhead;
        const entry: Entry = {
          key,
          data,
          body,
          etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
          tags: rule.tags,
          expiresAt,
          // An entry that ends early (a reservation falling due) is computed when it ends.
          ...(fastUrl !== null &&
            refreshAt < expiresAt && { refresh: { at: refreshAt, run: () => compute(key, input, fastUrl) } }),
        };
        if (generationOf(rule.tags) === generation) {
          // A refreshed entry keeps the headers the first answer was sent with.
          const previous = entries.get(key);
          if (previous?.baseHeaders) entry.baseHeaders = previous.baseHeaders;
          store(key, entry);
          if (fastUrl !== null) visitorKeys.set(fastUrl, key);
        }
        return entry;
      };
      return async (input) => {
        const view = rule.view(input);
        const url = canonicalUrl(input.req);
        const key = `${input.req.method} ${url} ${view} ${rule.variant?.(input) ?? ''}`;
        const hit = entries.get(key);
        if (hit && hit.expiresAt > now()) {
          await send(input.req, input.reply, hit, view);
          return hit.data as z.infer<C['response']>;
        }
        const fastUrl = view === 'visitor' && !rule.variant && input.req.method === 'GET' ? url : null;
        // What a refresh needs of the call, without the request and reply it would keep alive.
        const { params, query, body, caller, owner } = input;
        const entry = await compute(key, { params, query, body, caller, owner }, fastUrl);
        await send(input.req, input.reply, entry, view);
        return entry.data as z.infer<C['response']>;
      };
    },

    /**
     * The least work per cached answer (issue 16): called by the HTTP server before Fastify, it
     * answers a visitor's GET straight from a stored entry — same bytes, same headers as the
     * ordinary path, ETag/304 and the pre-compressed body included. Anything else (another view,
     * an Origin header for CORS, a miss, an expired entry) returns false and takes the ordinary path.
     */
    serveRaw(req: IncomingMessage, res: ServerResponse, requestId: string, https: boolean): boolean {
      if (req.method !== 'GET') return false;
      const headers = req.headers;
      if (headers['x-fingerprint'] || headers['x-dark-key'] || headers.origin) return false;
      const key = visitorKeys.get(canonicalUrl(req));
      const entry = key === undefined ? undefined : entries.get(key);
      const at = now();
      if (!entry?.baseHeaders || entry.key !== key || entry.expiresAt <= at) return false;
      const refresh = entry.refresh;
      if (refresh && !refresh.started && at >= refresh.at) {
        refresh.started = true;
        // A refresh that fails leaves the entry to expire as before: the next read computes it.
        refresh.run().catch(() => undefined);
      }
      if (matchesEtag(headers['if-none-match'], entry.etag)) {
        writeRawHead(res, 304, rawHeadersOf(entry, '304'), requestId, https);
        res.end();
        fastAnswers += 1;
        return true;
      }
      const encoding =
        entry.body.length >= compressThreshold && headers['accept-encoding']
          ? encodingFor({ headers } as FastifyRequest)
          : null;
      const body = encoding ? encoded(entry, encoding) : entry.body;
      writeRawHead(res, 200, rawHeadersOf(entry, encoding ?? 'identity', body), requestId, https);
      res.end(body);
      fastAnswers += 1;
      return true;
    },

    /** Drops every answer built from a table; called by that table's writers. */
    invalidate(tag: CacheTag): void {
      generations.set(tag, (generations.get(tag) ?? 0) + 1);
      for (const [key, entry] of entries) if (entry.tags.includes(tag)) entries.delete(key);
      for (const listener of invalidationListeners) listener(tag);
    },

    /**
     * Tells `listener` of every invalidation: each public write announces itself here, so what
     * follows public data (the offline snapshot) need not be called from every writer.
     */
    onInvalidate(listener: (tag: CacheTag) => void): void {
      invalidationListeners.push(listener);
    },

    /** Bumped by every `invalidate(tag)`: in-memory copies of a table (quotes) compare it to reload. */
    generation(tag: CacheTag): number {
      return generations.get(tag) ?? 0;
    },

    /** How many answers the fast path gave (tests, diagnostics). */
    get fastAnswers(): number {
      return fastAnswers;
    },

    get size(): number {
      return entries.size;
    },
  };
};

export type PublicCache = ReturnType<typeof createPublicCache>;
