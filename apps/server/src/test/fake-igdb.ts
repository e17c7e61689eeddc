import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IgdbGame, IgdbNamed, IgdbPlatform, IgdbPopularity } from '../modules/igdb/igdb.types.js';

type Row = { id: number } & Record<string, unknown>;

/** Just enough Apicalypse for the sync's queries: where a op n (& …), sort f dir, limit, offset. */
function runQuery(rows: Row[], body: string): Row[] {
  let result = [...rows];
  const where = body.match(/where\s+([^;]+);/)?.[1];
  if (where) {
    for (const cond of where.split('&')) {
      const m = cond.trim().match(/^(\w+)\s*(>|<|=)\s*(-?\d+)$/);
      if (!m) throw new Error(`fake IGDB cannot parse "${cond}"`);
      const [, field, op, raw] = m;
      const n = Number(raw);
      result = result.filter((r) => {
        const v = Number(r[field!]);
        return op === '>' ? v > n : op === '<' ? v < n : v === n;
      });
    }
  }
  const sort = body.match(/sort\s+(\w+)\s+(asc|desc);/);
  if (sort) {
    const [, field, dir] = sort;
    result.sort((a, b) => (Number(a[field!]) - Number(b[field!])) * (dir === 'desc' ? -1 : 1));
  }
  const offset = Number(body.match(/offset\s+(\d+);/)?.[1] ?? 0);
  const limit = Number(body.match(/limit\s+(\d+);/)?.[1] ?? 10);
  return result.slice(offset, offset + limit);
}

/**
 * A stand-in for IGDB and Twitch's token endpoint on 127.0.0.1, with the
 * failures a real crawl meets: 429s, expired tokens, and a server that
 * goes away mid-crawl.
 */
export async function startFakeIgdb(data: { games: IgdbGame[]; platforms: IgdbPlatform[]; genres: IgdbNamed[]; themes: IgdbNamed[]; popularity?: IgdbPopularity[] }) {
  let tokenSeq = 0;
  const validTokens = new Set<string>();
  const failures: number[] = [];
  let failGamesAfter = Infinity;
  let gamePagesServed = 0;
  let inFlight = 0;
  const stats = { tokenRequests: 0, requests: 0, maxInFlight: 0, starts: [] as number[] };

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
        stats.tokenRequests += 1;
        if (url.searchParams.get('client_id') !== 'test-client' || url.searchParams.get('client_secret') !== 'test-secret') return send(400, { message: 'invalid client' });
        const token = `token-${++tokenSeq}`;
        validTokens.add(token);
        return send(200, { access_token: token, expires_in: 5_000_000, token_type: 'bearer' });
      }
      stats.requests += 1;
      stats.starts.push(Date.now());
      inFlight += 1;
      stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        const token = req.headers.authorization?.replace(/^Bearer /, '');
        if (req.headers['client-id'] !== 'test-client' || !token || !validTokens.has(token)) return send(401, { message: 'Authorization Failure' });
        const forced = failures.shift();
        if (forced) return send(forced, { message: 'forced failure' });
        const endpoint = url.pathname.replace(/^\/v4\//, '');
        const tables: Record<string, Row[]> = {
          games: data.games as unknown as Row[],
          platforms: data.platforms as unknown as Row[],
          genres: data.genres as unknown as Row[],
          themes: data.themes as unknown as Row[],
          popularity_primitives: (data.popularity ?? []).map((p, i) => ({ id: i + 1, popularity_type: 1, ...p })),
        };
        if (endpoint.endsWith('/count')) {
          const all = runQuery(tables[endpoint.replace('/count', '')] ?? [], `${body.replace(/limit[^;]*;|offset[^;]*;/g, '')} limit 100000000;`);
          return send(200, { count: all.length });
        }
        if (endpoint === 'games' && gamePagesServed >= failGamesAfter) return send(500, { message: 'gone away' });
        const rows = tables[endpoint];
        if (!rows) return send(404, { message: 'unknown endpoint' });
        if (endpoint === 'games') gamePagesServed += 1;
        return send(200, runQuery(rows, body));
      }, 5);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/v4`,
    tokenUrl: `http://127.0.0.1:${port}/oauth2/token`,
    data,
    stats,
    /** The next answers (whatever the endpoint) get these statuses. */
    failNext: (...statuses: number[]) => failures.push(...statuses),
    /** After this many more game pages, /games answers 500 until healed. */
    breakGamesAfter: (pages: number) => {
      failGamesAfter = gamePagesServed + pages;
    },
    heal: () => {
      failGamesAfter = Infinity;
    },
    revokeTokens: () => validTokens.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeIgdb = Awaited<ReturnType<typeof startFakeIgdb>>;
