import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import oxigraph from 'oxigraph';
import type { Store } from 'oxigraph';
import { actionApi } from './wikidata-double.entities.js';
import { WIKIDATA_PREFIXES } from './wikidata-fixture.rdf.js';

/*
 * A local Wikidata on 127.0.0.1 that behaves like the real services, over a
 * real SPARQL 1.1 engine (oxigraph, in WASM) holding Wikidata-shaped triples
 * (see wikidata-fixture.ts):
 *
 * - WDQS at /sparql: GET ?query=, POST application/x-www-form-urlencoded
 *   (query=) or application/sparql-query. The usual prefixes (wd:, wdt:, p:,
 *   ps:, psv:, pq:, wikibase:, schema:, rdfs:, skos:, xsd:, owl:, bd:, …) are
 *   predeclared as on WDQS. Results as application/sparql-results+json when
 *   Accept asks for it (or application/json) or format=json; otherwise XML,
 *   WDQS's default (CSV/TSV on request; CONSTRUCT/DESCRIBE as Turtle,
 *   N-Triples, JSON-LD or RDF/XML). A malformed query is 400 with the
 *   parser's message in WDQS's MalformedQueryException text; a query slower
 *   than `timeoutMs` is 500 with java.util.concurrent.TimeoutException (the
 *   engine is synchronous, so it is judged after it ran, not cut off).
 *   `SERVICE wikibase:label` (WDQS-only, absent from QLever) is refused with
 *   400 so the client stays on standard SPARQL.
 * - The Action API at /w/api.php: wbgetentities (wikidata-double.entities.ts).
 * - Wikimedia's User-Agent policy, before anything else: a request without a
 *   User-Agent, or with a generic one (node, undici, node-fetch, axios,
 *   python-requests, curl, … or Mozilla/… without a contact) is 403. Accepted:
 *   a UA naming the tool and a contact URL or e-mail, e.g.
 *   "VGL/1.0 (https://vgl.example; ops@vgl.example)".
 * - Budgets: throttle(n, s) answers the next n requests 429 with
 *   Retry-After: s; failNext(n, status) the next n with status;
 *   setMaxRequestsPerSecond(n) answers 429 + Retry-After: 1 beyond n in any
 *   second, as WDQS does; setDelayMs adds latency. They apply to both
 *   endpoints (one budget), after the User-Agent check.
 *
 * From a benchmark (plain Node): fork a child with execArgv ['--import', 'tsx']
 * that imports this file, as scripts/bench/igdb.mjs does with fake-igdb.ts, or
 * run it directly: node --import tsx apps/server/src/test/wikidata-double.ts
 * --games 110000 [--revision 2] [--port 0]; it prints {sparqlUrl, apiUrl} as
 * one JSON line on stdout (and sends it over IPC when forked).
 */

export interface WikidataDoubleOptions {
  /** Turtle or N-Triples (one string or chunks) to load at start. */
  data?: string | Iterable<string>;
  /** Queries that take longer answer 500 with WDQS's TimeoutException text. */
  timeoutMs?: number;
  maxRequestsPerSecond?: number | null;
  delayMs?: number;
  port?: number;
  /** Skip oxigraph's IRI/literal validation when loading: ~20 % faster for the 110k fixture (generated, so valid). */
  lenient?: boolean;
}

export interface WikidataRequest {
  at: number;
  kind: 'sparql' | 'api';
  userAgent: string | undefined;
  /** The SPARQL text, or the Action API's parameters as a query string. */
  query: string;
  status: number;
  ms: number;
}

/** Extra prefixes WDQS predeclares beyond those the fixture writes. */
const WDQS_EXTRA_PREFIXES = {
  bd: 'http://www.bigdata.com/rdf#', prov: 'http://www.w3.org/ns/prov#', pqv: 'http://www.wikidata.org/prop/qualifier/value/',
  pr: 'http://www.wikidata.org/prop/reference/', wdref: 'http://www.wikidata.org/reference/', wdno: 'http://www.wikidata.org/prop/novalue/',
  wdtn: 'http://www.wikidata.org/prop/direct-normalized/', psn: 'http://www.wikidata.org/prop/statement/value-normalized/',
};
const PROLOGUE = Object.entries({ ...WIKIDATA_PREFIXES, ...WDQS_EXTRA_PREFIXES }).map(([p, iri]) => `PREFIX ${p}: <${iri}>`).join(' ');
const GENERIC_CLIENT = /^(node|undici|node-fetch|axios|got|ky|python-requests|python-urllib|python-httpx|aiohttp|httpx|curl|wget|go-http-client|java|okhttp|apache-httpclient|libwww-perl|ruby|faraday|deno|bun)\b/i;
const CONTACT = /https?:\/\/[^\s;)]+|[^\s;()<>@]+@[^\s;()<>@]+\.[a-z]{2,}/i;
const POLICY = 'Please set a user-agent and respect our robot policy https://w.wiki/4wJS. See also https://meta.wikimedia.org/wiki/User-Agent_policy';

/** Why Wikimedia would refuse this User-Agent, or null when it names a tool and a contact. */
export function userAgentProblem(userAgent: string | undefined): string | null {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return 'no User-Agent';
  if (GENERIC_CLIENT.test(ua)) return `generic client "${ua.split(/[\s/]/)[0]}"`;
  if (!CONTACT.test(ua)) return 'no contact URL or e-mail';
  if (!/^[A-Za-z][\w.+-]*/.test(ua)) return 'no tool name';
  return null;
}

type Form = 'select' | 'ask' | 'construct' | 'describe';
function queryForm(query: string): Form {
  const bare = query.replace(/<[^>\s]*>/g, '<>').replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, '""').replace(/#.*$/gm, '');
  return (/\b(select|ask|construct|describe)\b/i.exec(bare)?.[1]?.toLowerCase() ?? 'select') as Form;
}

/** [oxigraph format, Content-Type] for the form and what the client asked for. */
function negotiate(form: Form, accept: string, format: string | null): [string, string] {
  const wants = (type: string) => accept.includes(type);
  const json = format === 'json' || wants('application/sparql-results+json') || wants('application/json');
  if (form === 'construct' || form === 'describe') {
    if (wants('text/turtle')) return ['text/turtle', 'text/turtle; charset=utf-8'];
    if (wants('application/n-triples')) return ['application/n-triples', 'application/n-triples; charset=utf-8'];
    if (json || wants('application/ld+json')) return ['application/ld+json', 'application/ld+json; charset=utf-8'];
    return ['application/rdf+xml', 'application/rdf+xml; charset=utf-8'];
  }
  if (json) return ['application/sparql-results+json', 'application/sparql-results+json; charset=utf-8'];
  if (format !== 'xml' && wants('text/csv')) return ['text/csv', 'text/csv; charset=utf-8'];
  if (format !== 'xml' && wants('text/tab-separated-values')) return ['text/tab-separated-values', 'text/tab-separated-values; charset=utf-8'];
  return ['application/sparql-results+xml', 'application/sparql-results+xml; charset=utf-8'];
}

export async function startWikidataDouble(options: WikidataDoubleOptions = {}) {
  let store: Store = new oxigraph.Store();
  const load = (data: string | Iterable<string>) => store.load(data, { format: 'text/turtle', no_transaction: true, lenient: options.lenient ?? false });
  if (options.data) load(options.data);
  const requests: WikidataRequest[] = [];
  const throttled: number[] = [];
  const failures: number[] = [];
  let maxPerSecond = options.maxRequestsPerSecond ?? null;
  let delayMs = options.delayMs ?? 0;
  const recent: number[] = [];

  function sparql(params: URLSearchParams, body: string, contentType: string, accept: string): [number, Record<string, string>, string] {
    const text = (s: string) => ({ 'content-type': `${s}; charset=utf-8` });
    const query = contentType.startsWith('application/sparql-query') ? body : params.get('query');
    if (!query) return [400, text('text/plain'), 'Bad Request: no query'];
    if (/SERVICE\s+(wikibase:label|<http:\/\/wikiba\.se\/ontology#label>)/i.test(query)) {
      return [400, text('text/plain'), 'SERVICE wikibase:label is specific to WDQS (QLever and other SPARQL 1.1 engines lack it); this double refuses it: select rdfs:label with FILTER(LANG(...)) instead.'];
    }
    const [format, type] = negotiate(queryForm(query), accept, params.get('format'));
    const started = performance.now();
    try {
      const result = store.query(`${PROLOGUE}\n${query}`, { results_format: format });
      if (options.timeoutMs !== undefined && performance.now() - started > options.timeoutMs) {
        return [500, text('text/plain'), `SPARQL-QUERY: queryStr=${query}\njava.util.concurrent.TimeoutException\n\tat java.util.concurrent.FutureTask.get(FutureTask.java:205)\n`];
      }
      return [200, { 'content-type': type }, String(result)];
    } catch (err) {
      const message = (err as Error).message.replace(/^error at (\d+):/, (_, line: string) => `error at ${Number(line) - 1}:`);
      const malformed = message.startsWith('error at');
      const cause = malformed ? `org.openrdf.query.MalformedQueryException: ${message}` : message;
      return [malformed ? 400 : 500, text('text/plain'), `SPARQL-QUERY: queryStr=${query}\njava.util.concurrent.ExecutionException: ${cause}\n`];
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const started = performance.now();
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const kind = url.pathname === '/sparql' ? 'sparql' : url.pathname === '/w/api.php' ? 'api' : null;
      const body = Buffer.concat(chunks).toString('utf8');
      const contentType = req.headers['content-type'] ?? '';
      const params = new URLSearchParams(url.search);
      if (req.method === 'POST' && contentType.startsWith('application/x-www-form-urlencoded')) {
        for (const [k, v] of new URLSearchParams(body)) params.append(k, v);
      }
      const userAgent = req.headers['user-agent'];
      const send = (status: number, headers: Record<string, string>, text: string) => {
        res.writeHead(status, { 'access-control-allow-origin': '*', ...headers });
        res.end(text);
        if (kind) {
          const query = kind === 'sparql' ? (contentType.startsWith('application/sparql-query') ? body : params.get('query') ?? '') : params.toString();
          requests.push({ at: Date.now(), kind, userAgent, query, status, ms: Math.round(performance.now() - started) });
        }
      };
      const plain = { 'content-type': 'text/plain; charset=utf-8' };
      if (!kind) return send(404, plain, 'Not Found');
      if (req.method !== 'GET' && req.method !== 'POST') return send(405, plain, 'Method Not Allowed');
      if (userAgentProblem(userAgent)) return send(403, plain, POLICY);
      const retryAfter = throttled.shift();
      if (retryAfter !== undefined) return send(429, { ...plain, 'retry-after': String(retryAfter) }, 'Too Many Requests');
      const failure = failures.shift();
      if (failure !== undefined) return send(failure, plain, `${failure} ${http.STATUS_CODES[failure] ?? 'Error'}`);
      const now = Date.now();
      while (recent.length && recent[0]! <= now - 1000) recent.shift();
      if (maxPerSecond !== null && recent.length >= maxPerSecond) return send(429, { ...plain, 'retry-after': '1' }, 'Too Many Requests');
      recent.push(now);
      setTimeout(() => {
        if (kind === 'api') {
          const answer = actionApi(store, params);
          return send(answer.status, answer.headers, answer.body);
        }
        const [status, headers, text] = sparql(params, body, contentType, req.headers.accept ?? '');
        send(status, headers, text);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    sparqlUrl: `http://127.0.0.1:${port}/sparql`,
    apiUrl: `http://127.0.0.1:${port}/w/api.php`,
    /** The live store (a new one after replace()). */
    get store() {
      return store;
    },
    /** Adds Turtle/N-Triples to the dataset. */
    load,
    /** Swaps the whole dataset, e.g. for the next revision of the fixture. */
    replace(data: string | Iterable<string>) {
      store = new oxigraph.Store();
      load(data);
    },
    requests,
    throttle(n: number, retryAfterSeconds: number) {
      for (let i = 0; i < n; i++) throttled.push(retryAfterSeconds);
    },
    failNext(n: number, status: number) {
      for (let i = 0; i < n; i++) failures.push(status);
    },
    /** At most n requests in any second from now on (the window starts afresh); null lifts the limit. */
    setMaxRequestsPerSecond(n: number | null) {
      maxPerSecond = n;
      recent.length = 0;
    },
    setDelayMs(ms: number) {
      delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type WikidataDouble = Awaited<ReturnType<typeof startWikidataDouble>>;

// Standalone: node --import tsx apps/server/src/test/wikidata-double.ts --games 110000 [--revision 2] [--seed 1] [--port 0]
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string, fallback: number) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? Number(process.argv[at + 1]) : fallback;
  };
  const { wikidataFixture } = await import('./wikidata-fixture.js');
  const fixture = wikidataFixture({ games: arg('games', 1000), seed: arg('seed', 1), revision: arg('revision', 1) === 2 ? 2 : 1 });
  const double = await startWikidataDouble({ data: fixture.chunks(), port: arg('port', 0), lenient: true });
  const ready = { sparqlUrl: double.sparqlUrl, apiUrl: double.apiUrl, triples: double.store.size, items: fixture.items.total };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  process.send?.(ready);
}
