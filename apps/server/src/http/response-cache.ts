import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { COMPRESS_FROM_BYTES, compressedForOne, encode, keptText, negotiate, type Encoding } from './answer-encoding.js';
import type { ChangeFeed } from './change-feed.js';

/**
 * What a cached answer depends on: the catalog (games, platforms, search;
 * changed by imports and syncs) and what members write (libraries, reviews,
 * likes, comments, follows, featuring). An answer is served from the cache
 * only while every version it depends on is the one it was made under.
 */
export type CacheDependency = 'catalog' | 'social';

export interface RouteCacheOptions {
  depends: readonly CacheDependency[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** GET answers kept as the bytes that go on the wire (see response-cache.ts); public routes only. */
    cache?: RouteCacheOptions;
  }
  interface FastifyReply {
    /**
     * For a request with credentials on a kept route, once the handler has
     * checked that this reader may read the answer and knows it is the same
     * for every reader who may (`scope` names them): sends the answer kept for
     * them and returns true; or returns false, and the handler's answer is
     * kept for the next of them. A visitor's request is left to the route's
     * own keeping (false). The scope's answers are never served to anyone
     * whose request did not pass the handler's check.
     */
    sendKeptForReaders(scope: string): boolean;
  }
  interface FastifyRequest {
    cacheHit?: boolean;
    /** Set by sendKeptForReaders: the key the answer is kept under for the readers the handler let through. */
    cacheScope?: string;
    /** The versions when the request came in: an answer read before a write lands is kept under the old ones, so it is never served after it. */
    cacheVersion?: string;
  }
}

interface Entry {
  version: string;
  etag: string;
  storedAt: number;
  /** What the handler said besides the body (Content-Type, Cache-Control, X-Total-Count, …), sent again with each hit. */
  headers: Record<string, string>;
  bodies: Partial<Record<Encoding, Buffer>>;
  bytes: number;
  shelf: Shelf;
  key: string;
}

/** The entries kept under one generation of the versions they depend on (see `shelfOf`). */
interface Shelf {
  generation: string;
  entries: Map<string, Entry>;
  bytes: number;
}

const newShelf = (generation: string): Shelf => ({ generation, entries: new Map(), bytes: 0 });

export interface ResponseCacheOptions {
  /** Bytes kept at most, every encoding counted (least recently used go first). */
  maxBytes?: number;
  /**
   * A backstop for writes no server announces (the CLI, SQL by hand; on
   * SQLite also a second process): an entry depending on members' writes is
   * made again after this long. Other instances on PostgreSQL announce theirs.
   */
  socialTtlMs?: number;
  /** …and one depending on the catalog alone (upcoming games move with the clock). */
  catalogTtlMs?: number;
  /** How often answers that can no longer be served are dropped (SWEEP_MS). */
  sweepMs?: number;
}

/** Often enough that a cache of answers past their backstop lets go of its memory soon after a load. */
export const SWEEP_MS = 15_000;

/** The backstops: short where writes of other processes go unheard (SQLite), long where instances hear each other (PostgreSQL). */
export const SOCIAL_TTL_MS = { heard: 300_000, unheard: 30_000 };
export const CATALOG_TTL_MS = 300_000;

const READS = new Set(['GET', 'HEAD']);

/**
 * Whether this request's answer may be kept and shared: a read of a cached
 * route that is public (its answer is the same whoever asks; the token is
 * never read), or of another cached route asked without credentials.
 * The response cache and the Cache-Control header (response-headers.ts) both ask.
 */
export function sharedAnswer(request: FastifyRequest): boolean {
  const { cache, access = 'public' } = request.routeOptions.config;
  if (!cache || !READS.has(request.method)) return false;
  return access === 'public' || (!request.headers.authorization && !request.headers.cookie);
}

/** Headers that belong to one answer on the wire, not to the content kept. */
const PER_ANSWER_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'etag', 'vary', 'set-cookie', 'x-request-id']);

/**
 * Answers of public GET routes kept as the bytes that go on the wire, per
 * encoding, keyed by URL and invalidated by version rather than by time
 * (change-feed.ts): the catalog's version (the database's, polled once a
 * second so a sync in another process counts) and a counter of successful
 * writes — this process's (any write bumps it, so nothing members do is
 * missed; write-announcements.ts) and, on PostgreSQL, the other instances'.
 * A hit skips the
 * handler, serialisation and compression; a matching If-None-Match gets a
 * 304. A public route's answer is the same whoever asks (its token is not
 * even read), so signed-in members share it; on a route whose answer can be
 * personal (`access: 'optional'`) and on the HTML pages, requests with
 * credentials are never served from, nor stored into, the cache.
 */
export function registerResponseCache(app: FastifyInstance, changes: ChangeFeed, options: ResponseCacheOptions = {}) {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const socialTtlMs = options.socialTtlMs ?? (changes.shared ? SOCIAL_TTL_MS.heard : SOCIAL_TTL_MS.unheard);
  const catalogTtlMs = options.catalogTtlMs ?? CATALOG_TTL_MS;
  // Entries are kept on two shelves by what they depend on, each shelf holding one generation: the answers that
  // depend on members' writes are all stale once a write is announced (versions only move forward), so their
  // shelf is replaced then, at once, instead of keeping them until the least recently used go. Under a steady
  // write load that was tens of thousands of dead entries and 64 MB of buffers the garbage collector went through.
  const shelves: Record<'catalog' | 'social', Shelf> = { catalog: newShelf(''), social: newShelf('') };
  let bytes = 0;

  const versionOf = (depends: readonly CacheDependency[]) => depends.map((d) => (d === 'catalog' ? changes.catalogVersion : String(changes.writes))).join('|');

  /** The shelf for answers with these dependencies, emptied if what it was made under has moved on. */
  const shelfOf = (depends: readonly CacheDependency[]): Shelf => {
    const name = depends.includes('social') ? 'social' : 'catalog';
    const generation = name === 'social' ? `${changes.catalogVersion}|${changes.writes}` : changes.catalogVersion;
    const shelf = shelves[name];
    if (shelf.generation === generation) return shelf;
    bytes -= shelf.bytes;
    return (shelves[name] = newShelf(generation));
  };

  const drop = (shelf: Shelf, key: string) => {
    const entry = shelf.entries.get(key);
    if (!entry) return;
    shelf.bytes -= entry.bytes;
    bytes -= entry.bytes;
    shelf.entries.delete(key);
  };
  const touch = (shelf: Shelf, key: string, entry: Entry) => {
    shelf.entries.delete(key);
    shelf.entries.set(key, entry);
  };
  const account = (entry: Entry, added: number) => {
    entry.bytes += added;
    // An entry not kept, dropped, or of a shelf replaced meanwhile counts no more.
    if ((shelves.catalog !== entry.shelf && shelves.social !== entry.shelf) || entry.shelf.entries.get(entry.key) !== entry) return;
    entry.shelf.bytes += added;
    bytes += added;
    // Over the bound: the least recently used go, the answers a write will drop anyway first.
    while (bytes > maxBytes) {
      const shelf = shelves.social.entries.size > 0 ? shelves.social : shelves.catalog;
      if (shelf.entries.size === 0) break;
      drop(shelf, shelf.entries.keys().next().value!);
    }
  };

  /**
   * Drops what can no longer be served: a shelf whose versions have moved on, and entries past their backstop.
   * Run every SWEEP_MS: without it a kept answer held its bytes until a request for the same URL or the
   * bound pushed it out, so after a load the cache stayed full (up to 64 MB) of answers nobody would get.
   */
  function sweep(at = Date.now()) {
    shelfOf(['social']);
    shelfOf(['catalog']);
    for (const [name, shelf] of Object.entries(shelves)) {
      const ttl = name === 'social' ? socialTtlMs : catalogTtlMs;
      for (const [key, entry] of shelf.entries) if (at - entry.storedAt >= ttl) drop(shelf, key);
    }
  }
  const sweeper = setInterval(sweep, options.sweepMs ?? SWEEP_MS);
  sweeper.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweeper);
    done();
  });

  /** The HTML pages (`pages` below) are no route with `config.cache`: kept only for requests without credentials. */
  const anonymousRead = (request: FastifyRequest) => READS.has(request.method) && !request.headers.authorization && !request.headers.cookie;
  const keyOf = (request: FastifyRequest) => request.url;

  function fresh(entry: Entry | undefined, depends: readonly CacheDependency[], version: string): entry is Entry {
    if (!entry || entry.version !== version) return false;
    return Date.now() - entry.storedAt < (depends.includes('social') ? socialTtlMs : catalogTtlMs);
  }

  function store(request: FastifyRequest, key: string, depends: readonly CacheDependency[], identity: Buffer, headers: Record<string, string>): Entry {
    const version = request.cacheVersion ?? versionOf(depends);
    const shelf = shelfOf(depends);
    const entry: Entry = {
      version,
      etag: `W/"${createHash('sha1').update(version).update(identity).digest('base64url').slice(0, 22)}"`,
      storedAt: Date.now(),
      headers,
      bodies: { identity },
      bytes: 0,
      shelf,
      key,
    };
    // Made before a write that has landed since: sent, never served again, so not kept.
    if (version !== versionOf(depends)) return entry;
    drop(shelf, key);
    shelf.entries.set(key, entry);
    account(entry, identity.length);
    return entry;
  }

  /** The entry kept for `key` while it is of the versions the request came in under (noted on the request for storing). */
  function lookup(request: FastifyRequest, key: string, depends: readonly CacheDependency[]): Entry | undefined {
    const version = versionOf(depends);
    request.cacheVersion = version;
    const shelf = shelfOf(depends);
    const entry = shelf.entries.get(key);
    if (!fresh(entry, depends, version)) return undefined;
    touch(shelf, key, entry);
    return entry;
  }

  /**
   * A kept answer is written on the raw response as it was kept: reply.send's work (its onSend hooks, which
   * ran when the answer was made; the payload checks) is skipped — a fifth of what was left of a kept
   * answer's cost above bare Fastify. The headers the onRequest hooks set (security headers, request id,
   * CORS) go with it, and Fastify still runs the onResponse hooks (metrics, access log) when it is sent.
   */
  function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
    request.cacheHit = true;
    const headers: Record<string, string | number | string[] | undefined> = Object.assign(reply.getHeaders(), entry.headers);
    headers.etag = entry.etag;
    headers.vary = 'accept-encoding';
    reply.hijack();
    if (request.headers['if-none-match'] === entry.etag) {
      reply.raw.writeHead(304, headers as OutgoingHttpHeaders);
      reply.raw.end();
      return reply;
    }
    const encoding = negotiate(request.headers['accept-encoding']);
    const identity = entry.bodies.identity!;
    const use: Encoding = identity.length < COMPRESS_FROM_BYTES ? 'identity' : encoding;
    let body = entry.bodies[use];
    if (!body) {
      body = encode(identity, use);
      entry.bodies[use] = body;
      account(entry, body.length);
    }
    if (use !== 'identity') headers['content-encoding'] = use;
    headers['content-length'] = body.length;
    reply.raw.writeHead(200, headers as OutgoingHttpHeaders);
    reply.raw.end(body);
    return reply;
  }

  app.decorateReply('sendKeptForReaders', function (this: FastifyReply, scope: string): boolean {
    const request = this.request;
    const depends = request.routeOptions.config.cache?.depends;
    if (!depends || !READS.has(request.method) || sharedAnswer(request)) return false;
    // Apart from the shared answers' keys (a URL): a visitor's request, looked up before any check, never meets these.
    const key = `${scope}\u0000${request.url}`;
    const entry = lookup(request, key, depends);
    if (entry) {
      void sendEntry(request, this, entry);
      return true;
    }
    request.cacheScope = key;
    return false;
  });

  /** Installed on each route that declares `config.cache` (registered before @fastify/compress, which then leaves it alone). */
  app.addHook('onRoute', (route: RouteOptions) => {
    const depends = route.config?.cache?.depends;
    if (!depends) return;
    route.compress = false;
    // Callback hooks, not async ones: a hit (most requests) then makes no promise on its way (GC was a fifth of its cost).
    const onRequest = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const entry = sharedAnswer(request) ? lookup(request, keyOf(request), depends) : undefined;
      // Answered here: the rest of the lifecycle (handler, serialisation) is skipped, as Fastify does when a hook sends.
      if (entry) return void sendEntry(request, reply, entry);
      done();
    };
    const onSend = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) => {
      if (request.cacheHit) return done(null, payload);
      let sent: unknown;
      try {
        sent = keepOnSend(request, reply, payload);
      } catch (error) {
        return done(error as Error);
      }
      done(null, sent);
    };
    const keepOnSend = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (typeof payload !== 'string') return payload;
      // An answer kept for checked readers says no-store to their browsers (it is theirs), but is kept here for the next of them.
      const scoped = request.cacheScope;
      const noStore = !scoped && String(reply.getHeader('cache-control') ?? '').includes('no-store');
      if (reply.statusCode !== 200 || noStore || !(scoped || sharedAnswer(request))) return compressedForOne(request, reply, payload);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined && !PER_ANSWER_HEADERS.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      headers['content-type'] ??= 'application/json; charset=utf-8';
      const identity = keptText(payload);
      const entry = store(request, scoped ?? keyOf(request), depends, identity, headers);
      reply.header('etag', entry.etag).header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === entry.etag) {
        reply.code(304);
        return '';
      }
      const encoding = identity.length < COMPRESS_FROM_BYTES ? 'identity' : negotiate(request.headers['accept-encoding']);
      if (encoding === 'identity') return payload;
      const body = encode(identity, encoding);
      entry.bodies[encoding] = body;
      account(entry, body.length);
      reply.header('content-encoding', encoding);
      return body;
    };
    route.onRequest = [...toArray(route.onRequest), onRequest];
    route.onSend = [...toArray(route.onSend), onSend];
  });

  return {
    /** For tests and the dashboard: what the cache holds. */
    stats: () => ({ entries: shelves.catalog.entries.size + shelves.social.entries.size, bytes }),
    /** The sweep, at a given time (tests). */
    sweep,
    /**
     * The same for answers outside the schema routes (the HTML pages with
     * their own title and preview): serve a kept page, or keep and send one.
     */
    pages: {
      serve(request: FastifyRequest, reply: FastifyReply, key: string, depends: readonly CacheDependency[]) {
        if (!anonymousRead(request)) return undefined;
        const entry = lookup(request, key, depends);
        return entry ? sendEntry(request, reply, entry) : undefined;
      },
      keepAndSend(request: FastifyRequest, reply: FastifyReply, key: string, depends: readonly CacheDependency[], body: string, headers: Record<string, string>) {
        if (!anonymousRead(request)) return reply.headers(headers).send(body);
        return sendEntry(request, reply, store(request, key, depends, keptText(body), headers));
      },
    },
  };
}

const toArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
