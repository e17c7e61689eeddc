import { RateLimiter } from '../igdb/rate-limiter.js';

/** One value of a SPARQL 1.1 JSON result (W3C "SPARQL 1.1 Query Results JSON Format"). */
export interface SparqlTerm {
  type: 'uri' | 'literal' | 'bnode' | 'typed-literal';
  value: string;
  'xml:lang'?: string;
  datatype?: string;
}
export type SparqlRow = Partial<Record<string, SparqlTerm>>;

export class WikidataError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'WikidataError';
  }
}

export interface WikidataClientOptions {
  sparqlUrl: string;
  /** Wikimedia's User-Agent policy: the tool's name and a way to reach its operator. */
  userAgent: string;
  /** Politeness: at most this many requests started a second (default 4)… */
  perSecond?: number;
  /** …and this many in flight (default 2; WDQS allows 5 a client). */
  concurrency?: number;
  /** Tries per request on 429, 503, timeouts and network errors before giving up (default 8). */
  maxTries?: number;
  /** The first back-off after a failure without Retry-After; doubles each time (default 1 s). */
  backoffMs?: number;
  /** The longest wait a Retry-After may ask for before the run gives up for now (default 10 min). */
  maxRetryAfterMs?: number;
  /** Called before every attempt: throwing stops the run there (a lost lease, a shutdown). */
  beforeRequest?: () => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** WDQS stops a query at 60 s; a request that has not answered by then will not. */
const REQUEST_TIMEOUT_MS = 75_000;

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3), in ms from now. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * A polite SPARQL 1.1 client for Wikidata's query service (or any endpoint
 * serving Wikidata: a mirror, QLever, a test double). Queries go by POST
 * (a page's VALUES list is too long for a URL) and ask for the standard
 * JSON results. It keeps to a few requests a second, honours Retry-After on
 * 429 and 503, backs off on timeouts and network errors, and counts what it
 * sent (the sync's report and the benchmark print it).
 */
export class WikidataClient {
  requests = 0;
  private readonly limiter: RateLimiter;

  constructor(private readonly options: WikidataClientOptions) {
    this.limiter = new RateLimiter(options.perSecond ?? 4, options.concurrency ?? 2);
  }

  set beforeRequest(check: (() => void) | undefined) {
    this.options.beforeRequest = check;
  }

  /** Runs a SELECT query and returns its rows. */
  async select(query: string): Promise<SparqlRow[]> {
    const maxTries = this.options.maxTries ?? 8;
    let backoff = this.options.backoffMs ?? 1000;
    for (let attempt = 1; ; attempt += 1) {
      this.options.beforeRequest?.();
      let wait: number;
      try {
        return await this.limiter.run(() => this.send(query));
      } catch (err) {
        const retryable = err instanceof RetryableError;
        if (!retryable || attempt >= maxTries) throw retryable ? new WikidataError(`${err.message} (gave up after ${attempt} tries)`, err.status) : err;
        wait = err.retryAfterMs ?? backoff;
        if (wait > (this.options.maxRetryAfterMs ?? 600_000)) throw new WikidataError(`${err.message}; it asked to wait ${Math.round(wait / 1000)} s, the next run goes on`, err.status);
        backoff = Math.min(backoff * 2, 60_000);
      }
      await sleep(wait);
    }
  }

  private async send(query: string): Promise<SparqlRow[]> {
    this.requests += 1;
    let res: Response;
    try {
      res = await fetch(this.options.sparqlUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/sparql-results+json',
          'user-agent': this.options.userAgent,
        },
        body: new URLSearchParams({ query }).toString(),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      throw new RetryableError(`Wikidata could not be reached (${err instanceof Error ? err.message : String(err)})`);
    }
    if (res.ok) {
      const body = (await res.json().catch(() => null)) as { results?: { bindings?: SparqlRow[] } } | null;
      if (!body?.results?.bindings) throw new RetryableError('Wikidata answered with something that is not a SPARQL JSON result');
      return body.results.bindings;
    }
    const text = (await res.text().catch(() => '')).slice(0, 300).replace(/\s+/g, ' ').trim();
    if (res.status === 429 || res.status === 503 || res.status === 502 || res.status === 504) {
      throw new RetryableError(`Wikidata answered ${res.status}${res.status === 429 ? ' (too many requests)' : ''}`, res.status, retryAfterMs(res.headers.get('retry-after')));
    }
    // WDQS answers a query that ran past its 60 s with a 500 naming the timeout.
    if (res.status === 500 && /TimeoutException|timeout/i.test(text)) throw new RetryableError('A Wikidata query ran past the service’s time limit', 500);
    if (res.status === 403) throw new WikidataError(`Wikidata refused the request (403): ${text || 'see its User-Agent policy'}`, 403);
    throw new WikidataError(`Wikidata answered ${res.status}: ${text}`, res.status);
  }
}

class RetryableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}
