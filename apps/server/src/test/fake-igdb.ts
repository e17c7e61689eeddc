import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IgdbGame, IgdbNamed, IgdbPlatform, IgdbPopularity, IgdbTimeToBeat } from '../modules/igdb/igdb.types.js';

/*
 * A stand-in for IGDB (https://api-docs.igdb.com) and Twitch's token
 * endpoint on 127.0.0.1, behaving as their documentation says:
 *
 * - POST /oauth2/token?client_id&client_secret&grant_type=client_credentials
 *   → {access_token, expires_in, token_type}; Twitch keeps 25 active tokens
 *   per application and revokes the oldest beyond that.
 * - POST /v4/<endpoint> and /v4/<endpoint>/count with an Apicalypse body
 *   (fields, exclude, where with & | ! and parentheses, sort, limit, offset),
 *   Client-ID and Authorization: Bearer headers; 401 without a valid token.
 * - Records are stored normalised, as IGDB stores them: a game's cover,
 *   alternative names and involved companies are ids into their own
 *   endpoints, expanded only when asked for ("cover.image_id"). Answers carry
 *   the requested fields (and id), omitting empty ones.
 * - Limit 1–500 (default 10); 4 requests a second and 8 open at once, a 429
 *   beyond either. Records with the same sort value come back in no
 *   particular order (here: a shuffle by id), as with any search engine.
 * - The data can change while a client pages through it (afterGamesPage,
 *   updateGame, replaceCover): an update sets updated_at to the fake's clock,
 *   later than every earlier update.
 */

type Row = { id: number } & Record<string, unknown>;
type Table = Map<number, Row>;

/** Fields that hold ids of records of another endpoint (expanded by "field.subfield"). */
const REFS: Record<string, Record<string, string>> = {
  games: {
    cover: 'covers',
    alternative_names: 'alternative_names',
    involved_companies: 'involved_companies',
    platforms: 'platforms',
    genres: 'genres',
    themes: 'themes',
    parent_game: 'games',
    version_parent: 'games',
    bundles: 'games',
    dlcs: 'games',
    expansions: 'games',
    remakes: 'games',
    remasters: 'games',
    ports: 'games',
    similar_games: 'games',
    screenshots: 'screenshots',
    artworks: 'artworks',
    game_modes: 'game_modes',
    player_perspectives: 'player_perspectives',
    franchises: 'franchises',
    collections: 'collections',
    release_dates: 'release_dates',
    websites: 'websites',
    age_ratings: 'age_ratings',
    external_games: 'external_games',
  },
  covers: { game: 'games' },
  screenshots: { game: 'games' },
  artworks: { game: 'games' },
  release_dates: { game: 'games', platform: 'platforms', release_region: 'release_date_regions' },
  websites: { game: 'games' },
  age_ratings: { organization: 'age_rating_organizations', rating_category: 'age_rating_categories' },
  external_games: { game: 'games' },
  game_time_to_beats: { game_id: 'games' },
  alternative_names: { game: 'games' },
  involved_companies: { game: 'games', company: 'companies' },
  platforms: { platform_family: 'platform_families' },
  popularity_primitives: { game_id: 'games' },
};
/** The endpoints this fake answers. */
const ENDPOINTS = [
  'games', 'covers', 'alternative_names', 'involved_companies', 'companies', 'platforms', 'platform_families', 'genres', 'themes', 'popularity_primitives',
  'screenshots', 'artworks', 'game_modes', 'player_perspectives', 'franchises', 'collections', 'release_dates', 'release_date_regions', 'websites',
  'age_ratings', 'age_rating_organizations', 'age_rating_categories', 'external_games', 'game_time_to_beats',
];
/** Nested records given inside a game belong to it: their "game" field points back. */
const OWNED_BY_GAME = new Set(['covers', 'alternative_names', 'involved_companies', 'screenshots', 'artworks', 'release_dates', 'websites', 'external_games']);

// ---------------------------------------------------------------- Apicalypse

class QueryError extends Error {}

type Value = number | string | boolean | null;
type Cond =
  | { kind: 'cmp'; field: string; op: string; value: Value; list?: { values: Value[]; mode: 'any' | 'all' | 'exact' } }
  | { kind: 'and'; parts: Cond[] }
  | { kind: 'or'; parts: Cond[] }
  | { kind: 'not'; part: Cond };

interface Query {
  fields: string[];
  exclude: string[];
  where?: Cond;
  sort?: { field: string; desc: boolean };
  limit: number;
  offset: number;
}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const re = /\s*("(?:[^"\\]|\\.)*"|>=|<=|!=|[=<>~!&|()[\]{},;*]|[A-Za-z_][\w.]*(?:\.\*)?|-?\d+(?:\.\d+)?)/y;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) throw new QueryError(`Syntax error near "${text.slice(at, at + 20).trim()}"`);
    tokens.push(m[1]!);
    at = re.lastIndex;
  }
  return tokens;
}

function parseWhere(tokens: string[]): Cond {
  let i = 0;
  const peek = () => tokens[i];
  const next = () => {
    const t = tokens[i++];
    if (t === undefined) throw new QueryError('Unexpected end of where');
    return t;
  };
  const value = (t: string): Value => {
    if (t === 'null') return null;
    if (t === 'true' || t === 'false') return t === 'true';
    if (t.startsWith('"')) return JSON.parse(t) as string;
    if (/^-?\d/.test(t)) return Number(t);
    throw new QueryError(`Invalid value "${t}"`);
  };
  const or = (): Cond => {
    const parts = [and()];
    while (peek() === '|') {
      next();
      parts.push(and());
    }
    return parts.length === 1 ? parts[0]! : { kind: 'or', parts };
  };
  const and = (): Cond => {
    const parts = [atom()];
    while (peek() === '&') {
      next();
      parts.push(atom());
    }
    return parts.length === 1 ? parts[0]! : { kind: 'and', parts };
  };
  const atom = (): Cond => {
    const t = next();
    if (t === '(') {
      const inner = or();
      if (next() !== ')') throw new QueryError('Missing )');
      return inner;
    }
    if (t === '!') return { kind: 'not', part: atom() };
    if (!/^[A-Za-z_]/.test(t)) throw new QueryError(`Expected a field, got "${t}"`);
    const op = next();
    if (!['=', '!=', '>', '>=', '<', '<=', '~'].includes(op)) throw new QueryError(`Invalid operator "${op}"`);
    const open = peek();
    if (open === '(' || open === '[' || open === '{') {
      next();
      const close = open === '(' ? ')' : open === '[' ? ']' : '}';
      const values: Value[] = [];
      while (peek() !== close) {
        values.push(value(next()));
        if (peek() === ',') next();
      }
      next();
      return { kind: 'cmp', field: t, op, value: null, list: { values, mode: open === '(' ? 'any' : open === '[' ? 'all' : 'exact' } };
    }
    return { kind: 'cmp', field: t, op, value: value(next()) };
  };
  const cond = or();
  if (i !== tokens.length) throw new QueryError(`Unexpected "${tokens[i]}" in where`);
  return cond;
}

export function parseApicalypse(body: string): Query {
  const query: Query = { fields: [], exclude: [], limit: 10, offset: 0 };
  for (const raw of body.split(';')) {
    const clause = raw.trim();
    if (!clause) continue;
    const m = clause.match(/^(fields|f|exclude|x|where|w|sort|s|limit|l|offset|o|search)\s+([\s\S]+)$/);
    if (!m) throw new QueryError(`Unknown clause "${clause.slice(0, 30)}"`);
    const [, key, rest] = m as unknown as [string, string, string];
    switch (key) {
      case 'fields':
      case 'f':
        query.fields.push(...rest.split(',').map((f) => f.trim()));
        break;
      case 'exclude':
      case 'x':
        query.exclude.push(...rest.split(',').map((f) => f.trim()));
        break;
      case 'where':
      case 'w':
        query.where = parseWhere(tokenize(rest));
        break;
      case 'sort':
      case 's': {
        const s = rest.trim().match(/^([A-Za-z_][\w.]*)(?:\s+(asc|desc))?$/);
        // One field only: Apicalypse has no secondary sort key.
        if (!s) throw new QueryError(`Invalid sort "${rest}"`);
        query.sort = { field: s[1]!, desc: s[2] === 'desc' };
        break;
      }
      case 'limit':
      case 'l':
        query.limit = Number(rest);
        if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > 500) throw new QueryError('Limit must be between 1 and 500');
        break;
      case 'offset':
      case 'o':
        query.offset = Number(rest);
        if (!Number.isInteger(query.offset) || query.offset < 0) throw new QueryError('Invalid offset');
        break;
      case 'search':
        throw new QueryError('search is not supported by this fake');
    }
  }
  return query;
}

function compare(a: Value, b: Value): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

function matches(row: Row, cond: Cond): boolean {
  if (cond.kind === 'and') return cond.parts.every((p) => matches(row, p));
  if (cond.kind === 'or') return cond.parts.some((p) => matches(row, p));
  if (cond.kind === 'not') return !matches(row, cond.part);
  if (cond.field.includes('.')) throw new QueryError(`This fake filters on top-level fields only ("${cond.field}")`);
  const raw = row[cond.field];
  const present = raw !== undefined && raw !== null && !(Array.isArray(raw) && raw.length === 0);
  if (cond.list) {
    const values = Array.isArray(raw) ? (raw as Value[]) : present ? [raw as Value] : [];
    const has = (v: Value) => values.some((x) => x === v);
    const hit =
      cond.list.mode === 'any'
        ? cond.list.values.some(has)
        : cond.list.mode === 'all'
          ? cond.list.values.every(has)
          : values.length === cond.list.values.length && cond.list.values.every(has);
    return cond.op === '!=' ? !hit : hit;
  }
  if (cond.value === null) return cond.op === '=' ? !present : cond.op === '!=' ? present : false;
  if (!present) return cond.op === '!=';
  if (Array.isArray(raw)) {
    const has = (raw as Value[]).includes(cond.value);
    return cond.op === '=' ? has : cond.op === '!=' ? !has : false;
  }
  const c = compare(raw as Value, cond.value);
  switch (cond.op) {
    case '=':
      return c === 0;
    case '!=':
      return c !== 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '~':
      return String(raw).toLowerCase().includes(String(cond.value).toLowerCase().replace(/\*/g, ''));
  }
  return false;
}

/** The id bounds a where clause imposes at its top level, to skip most rows of a big table. */
function idBounds(cond: Cond | undefined): { above: number; atMost: number } {
  const bounds = { above: -Infinity, atMost: Infinity };
  const parts = !cond ? [] : cond.kind === 'and' ? cond.parts : [cond];
  for (const p of parts) {
    if (p.kind !== 'cmp' || p.field !== 'id' || typeof p.value !== 'number') continue;
    if (p.op === '>') bounds.above = Math.max(bounds.above, p.value);
    if (p.op === '>=') bounds.above = Math.max(bounds.above, p.value - 1);
    if (p.op === '<') bounds.atMost = Math.min(bounds.atMost, p.value - 1);
    if (p.op === '<=') bounds.atMost = Math.min(bounds.atMost, p.value);
    if (p.op === '=' && !p.list) {
      bounds.above = Math.max(bounds.above, p.value - 1);
      bounds.atMost = Math.min(bounds.atMost, p.value);
    }
  }
  return bounds;
}

/** A fixed shuffle: the order of records that tie on the sort field. */
const tieOrder = (id: number) => Math.imul(id ^ 0x5bd1e995, 0x27d4eb2d) >>> 0;

// ---------------------------------------------------------------- the server

export interface FakeIgdbData {
  games: IgdbGame[];
  platforms: IgdbPlatform[];
  genres: IgdbNamed[];
  themes: IgdbNamed[];
  popularity?: IgdbPopularity[];
  /** game_time_to_beats records (IGDB keeps them apart from the games). */
  timesToBeat?: Omit<IgdbTimeToBeat, 'id'>[];
}

export interface FakeIgdbOptions {
  /** Milliseconds each API answer takes (default 5). */
  latencyMs?: number;
  /** Requests a second before 429 (default 4, IGDB's limit). */
  perSecond?: number;
  /** Open requests before 429 (default 8, IGDB's limit). */
  maxOpen?: number;
  /** Lifetime of the tokens the token endpoint issues, in seconds (Twitch: about 60 days). */
  tokenLifetimeSeconds?: number;
}

export async function startFakeIgdb(data: FakeIgdbData, options: FakeIgdbOptions = {}) {
  const latencyMs = options.latencyMs ?? 5;
  const perSecond = options.perSecond ?? 4;
  const maxOpen = options.maxOpen ?? 8;
  const tables: Record<string, Table> = {};
  const table = (name: string) => (tables[name] ??= new Map());
  const sortedIds: Record<string, number[] | undefined> = {};
  const maxIds: Record<string, number> = {};
  const nextId = (name: string) => (maxIds[name] ?? 0) + 1;

  /** Stores a record as IGDB does: nested records go to their own endpoint, the field keeps their ids. */
  function put(name: string, input: Record<string, unknown>, owner?: { field: string; id: number }): number {
    const rows = table(name);
    const id = typeof input.id === 'number' ? input.id : nextId(name);
    const row: Row = { ...(rows.get(id) ?? {}), ...input, id };
    if (owner) row[owner.field] = owner.id;
    for (const [field, target] of Object.entries(REFS[name] ?? {})) {
      const value = row[field];
      const store = (v: unknown) =>
        v !== null && typeof v === 'object' ? put(target, v as Record<string, unknown>, name === 'games' && OWNED_BY_GAME.has(target) ? { field: 'game', id } : undefined) : v;
      if (Array.isArray(value)) row[field] = value.map(store);
      else if (value !== undefined) row[field] = store(value);
    }
    if (!rows.has(id)) sortedIds[name] = undefined;
    maxIds[name] = Math.max(maxIds[name] ?? 0, id);
    rows.set(id, row);
    return id;
  }

  for (const name of ENDPOINTS) table(name);
  for (const p of data.platforms) put('platforms', p as unknown as Record<string, unknown>);
  for (const g of data.genres) put('genres', g as unknown as Record<string, unknown>);
  for (const t of data.themes) put('themes', t as unknown as Record<string, unknown>);
  for (const g of data.games) put('games', g as unknown as Record<string, unknown>);
  (data.popularity ?? []).forEach((p, i) => put('popularity_primitives', { id: i + 1, popularity_type: 1, calculated_at: 0, ...p }));
  for (const t of data.timesToBeat ?? []) put('game_time_to_beats', { updated_at: 0, ...t });

  /** The fake's clock for updated_at: later than anything already in the data. */
  let clock = 0;
  for (const g of table('games').values()) clock = Math.max(clock, Number(g.updated_at ?? 0));
  const tick = () => (clock += 1);

  /** Writes the requested fields of a row, expanding "a.b" through REFS. */
  function project(name: string, row: Row, fields: string[]): Record<string, unknown> {
    const out: Record<string, unknown> = { id: row.id };
    const wantsAll = fields.includes('*');
    const nested = new Map<string, string[]>();
    for (const f of fields) {
      const dot = f.indexOf('.');
      if (dot > 0) nested.set(f.slice(0, dot), [...(nested.get(f.slice(0, dot)) ?? []), f.slice(dot + 1)]);
    }
    const keep = (v: unknown) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);
    for (const [key, value] of Object.entries(row)) {
      if (!keep(value)) continue;
      const sub = nested.get(key);
      const target = REFS[name]?.[key];
      if (sub && target) {
        const expand = (id: unknown) => {
          const ref = table(target).get(id as number);
          return ref ? project(target, ref, sub) : id;
        };
        out[key] = Array.isArray(value) ? value.map(expand) : expand(value);
      } else if (wantsAll || fields.includes(key)) {
        out[key] = value;
      }
    }
    return out;
  }

  function run(name: string, body: string): { rows: Record<string, unknown>[]; count: number } {
    const query = parseApicalypse(body);
    const rows = table(name);
    let candidates: Row[];
    const { above, atMost } = idBounds(query.where);
    if (above > -Infinity || atMost < Infinity) {
      const ids = (sortedIds[name] ??= [...rows.keys()].sort((a, b) => a - b));
      let lo = 0;
      let hi = ids.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (ids[mid]! > above) hi = mid;
        else lo = mid + 1;
      }
      candidates = [];
      for (let i = lo; i < ids.length && ids[i]! <= atMost; i += 1) candidates.push(rows.get(ids[i]!)!);
    } else {
      candidates = [...rows.values()];
    }
    let result = query.where ? candidates.filter((r) => matches(r, query.where!)) : candidates;
    if (query.sort) {
      const { field, desc } = query.sort;
      result = [...result].sort((a, b) => {
        const x = (a[field] ?? null) as Value;
        const y = (b[field] ?? null) as Value;
        // Records without the field come last.
        if (x === null || y === null) return x === null && y === null ? tieOrder(a.id) - tieOrder(b.id) : x === null ? 1 : -1;
        return compare(x, y) * (desc ? -1 : 1) || tieOrder(a.id) - tieOrder(b.id);
      });
    } else if (!(above > -Infinity || atMost < Infinity)) {
      result = [...result].sort((a, b) => a.id - b.id);
    }
    const fields = query.fields.length ? query.fields : ['id'];
    const page = result.slice(query.offset, query.offset + query.limit).map((r) => {
      const out = project(name, r, fields);
      for (const x of query.exclude) delete out[x];
      return out;
    });
    return { rows: page, count: result.length };
  }

  // ------------------------------------------------------------ behaviour

  const tokens: { value: string; expiresAt: number }[] = [];
  let tokenSeq = 0;
  const failures: number[] = [];
  let failGamesAfter = Infinity;
  let gamePagesServed = 0;
  const pageHooks: { afterPage: number; run: () => void }[] = [];
  let open = 0;
  let bucket = perSecond;
  let bucketAt = Date.now();
  const stats = {
    /** Tokens the token endpoint issued. */
    tokenRequests: 0,
    requests: 0,
    /** Requests answered 429 for going over 4 a second or 8 open. */
    rateLimited: 0,
    maxInFlight: 0,
    gamePages: 0,
    starts: [] as number[],
    bodies: [] as string[],
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/oauth2/token') {
        if (req.method !== 'POST') return send(404, { status: 404, message: 'Not Found' });
        if (url.searchParams.get('client_id') !== 'test-client') return send(400, { status: 400, message: 'invalid client' });
        if (url.searchParams.get('client_secret') !== 'test-secret') return send(403, { status: 403, message: 'invalid client secret' });
        if (url.searchParams.get('grant_type') !== 'client_credentials') return send(400, { status: 400, message: 'unsupported grant type' });
        stats.tokenRequests += 1;
        const lifetime = options.tokenLifetimeSeconds ?? 5_000_000;
        const token = { value: `token-${++tokenSeq}`, expiresAt: Date.now() + lifetime * 1000 };
        tokens.push(token);
        // Twitch: at most 25 active app tokens per client id; the oldest goes.
        if (tokens.length > 25) tokens.shift();
        return send(200, { access_token: token.value, expires_in: lifetime, token_type: 'bearer' });
      }

      stats.requests += 1;
      const now = Date.now();
      bucket = Math.min(perSecond, bucket + ((now - bucketAt) / 1000) * perSecond);
      bucketAt = now;
      if (open >= maxOpen || bucket < 1) {
        stats.rateLimited += 1;
        return send(429, { message: 'Too Many Requests' });
      }
      bucket -= 1;
      stats.starts.push(now);
      stats.bodies.push(body);
      open += 1;
      stats.maxInFlight = Math.max(stats.maxInFlight, open);
      setTimeout(() => {
        open -= 1;
        const bearer = req.headers.authorization?.replace(/^Bearer /, '');
        const valid = tokens.some((t) => t.value === bearer && t.expiresAt > Date.now());
        if (req.headers['client-id'] !== 'test-client' || !valid) return send(401, { message: 'Authorization Failure. Have you tried:', 'Tip 1': 'Ensure you are sending Authorization and Client-ID as headers.' });
        const forced = failures.shift();
        if (forced) return send(forced, { message: 'forced failure' });
        if (req.method !== 'POST') return send(404, { message: 'POST only' });
        const path = url.pathname.replace(/^\/v4\//, '');
        const counting = path.endsWith('/count');
        const name = counting ? path.slice(0, -'/count'.length) : path;
        if (!tables[name]) return send(404, { message: 'unknown endpoint' });
        if (name === 'games' && !counting && gamePagesServed >= failGamesAfter) return send(500, { message: 'gone away' });
        let answer: { rows: Record<string, unknown>[]; count: number };
        try {
          answer = run(name, counting ? body.replace(/(^|;)\s*(limit|offset|l|o)\s[^;]*/g, '$1') : body);
        } catch (err) {
          if (err instanceof QueryError) return send(400, [{ title: 'Syntax Error', status: 400, cause: err.message }]);
          throw err;
        }
        if (counting) return send(200, { count: answer.count });
        if (name === 'games') {
          gamePagesServed += 1;
          stats.gamePages += 1;
        }
        send(200, answer.rows);
        // Whatever is due after this page happens before the client can ask for the next one.
        if (name === 'games') {
          for (const hook of pageHooks.filter((h) => h.afterPage === gamePagesServed)) hook.run();
        }
      }, latencyMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const rowOf = (name: string, id: number) => table(name).get(id);
  return {
    apiUrl: `http://127.0.0.1:${port}/v4`,
    tokenUrl: `http://127.0.0.1:${port}/oauth2/token`,
    /** The stored records, normalised (a game's cover is a cover id). */
    data: {
      get games() {
        return [...table('games').values()];
      },
      get covers() {
        return [...table('covers').values()];
      },
    },
    stats,
    game: (id: number) => rowOf('games', id),
    /** The image id of a game's current cover. */
    coverOf: (id: number) => {
      const cover = rowOf('games', id)?.cover;
      return cover === undefined ? undefined : (rowOf('covers', cover as number)?.image_id as string | undefined);
    },
    /** Changes a game as an IGDB editor would: its updated_at moves to now (later than any other). */
    updateGame: (id: number, changes: Partial<IgdbGame> = {}) => {
      if (changes.updated_at !== undefined) clock = Math.max(clock, changes.updated_at);
      put('games', { ...changes, id, updated_at: changes.updated_at ?? tick() } as Record<string, unknown>);
    },
    addGame: (game: Partial<IgdbGame> & { id: number; name: string; slug: string }) => {
      put('games', { updated_at: tick(), ...game } as Record<string, unknown>);
    },
    /**
     * IGDB replaces a cover: a new cover record (new id, new image id) for the
     * game, and the old one is gone. The game's own updated_at does not move.
     */
    replaceCover: (gameId: number, imageId: string) => {
      const game = rowOf('games', gameId)!;
      if (typeof game.cover === 'number') table('covers').delete(game.cover);
      sortedIds.covers = undefined;
      game.cover = put('covers', { image_id: imageId, width: 264, height: 374, game: gameId });
    },
    /** Players report new times: the game's time-to-beat record changes (its updated_at moves to now), or is created. */
    updateTimeToBeat: (gameId: number, changes: Omit<IgdbTimeToBeat, 'id' | 'game_id'>) => {
      const existing = [...table('game_time_to_beats').values()].find((r) => r.game_id === gameId);
      put('game_time_to_beats', { ...(existing ? { id: existing.id } : {}), game_id: gameId, ...changes, updated_at: tick() });
    },
    /** Runs `change` right after the n-th games page from now has been answered. */
    afterGamesPage: (n: number, change: () => void) => {
      pageHooks.push({ afterPage: gamePagesServed + n, run: change });
    },
    /** The next answers (whatever the endpoint) get these statuses. */
    failNext: (...statuses: number[]) => failures.push(...statuses),
    /** After this many more game pages, /games answers 500 until healed. */
    breakGamesAfter: (pages: number) => {
      failGamesAfter = gamePagesServed + pages;
    },
    heal: () => {
      failGamesAfter = Infinity;
    },
    revokeTokens: () => {
      tokens.length = 0;
    },
    activeTokens: () => tokens.filter((t) => t.expiresAt > Date.now()).map((t) => t.value),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeIgdb = Awaited<ReturnType<typeof startFakeIgdb>>;
