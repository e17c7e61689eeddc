import { RateLimiter } from './rate-limiter.js';
import { leaseOwner, type StoredToken, type TokenStore } from './igdb.token.js';

export interface IgdbCredentials {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  tokenUrl: string;
}

export class IgdbError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'IgdbError';
  }
}

export interface IgdbClientOptions {
  maxRetries?: number;
  backoffMs?: number;
  /** IGDB's limits: 4 requests a second, 8 open. */
  perSecond?: number;
  concurrency?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A token is renewed this long before it expires (Twitch's last about 60 days). */
const RENEW_BEFORE_MS = 10 * 60_000;
/** How long a process may take to fetch a token before another may try. */
const LEASE_MS = 30_000;
const LEASE_POLL_MS = 100;
const TOKEN_TIMEOUT_MS = 20_000;
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * The IGDB API client: Apicalypse bodies, at most 4 requests a second and 8
 * in flight, exponential back-off on 429, 5xx and network errors.
 *
 * The Twitch client-credentials token comes from a TokenStore shared by
 * every process (the database): a process uses the stored token until
 * shortly before it expires, and a 401 gets one new token (once). When a new
 * one is due, the process that wins the store's lease fetches and stores it;
 * the others wait and re-read, so starting the server and the CLI together
 * still costs one token (Twitch revokes an app's older tokens past 25).
 */
export class IgdbClient {
  private token: StoredToken | undefined;
  private tokenRequest: Promise<string> | undefined;
  private readonly owner = leaseOwner();
  private readonly limiter: RateLimiter;

  constructor(
    private readonly credentials: IgdbCredentials,
    private readonly tokens: TokenStore,
    private readonly options: IgdbClientOptions = {},
  ) {
    this.limiter = new RateLimiter(options.perSecond ?? 4, options.concurrency ?? 8);
  }

  private usable(token: StoredToken | undefined, rejected?: string): token is StoredToken {
    return !!token && token.clientId === this.credentials.clientId && token.value !== rejected && token.expiresAt > Date.now() + RENEW_BEFORE_MS;
  }

  /** The token to send; `rejected` is one IGDB just refused (a 401), never reused. */
  private accessToken(rejected?: string): Promise<string> {
    if (this.usable(this.token, rejected)) return Promise.resolve(this.token.value);
    // One look-up at a time in this process, however many queries wait for it.
    this.tokenRequest ??= this.obtainToken(rejected).finally(() => {
      this.tokenRequest = undefined;
    });
    return this.tokenRequest;
  }

  private async obtainToken(rejected?: string): Promise<string> {
    for (;;) {
      const stored = await this.tokens.read();
      if (this.usable(stored, rejected)) return (this.token = stored).value;
      const now = Date.now();
      if (await this.tokens.tryLease(this.owner, now + LEASE_MS, now)) {
        try {
          // Another process may have stored one between the read and the lease.
          const again = await this.tokens.read();
          if (this.usable(again, rejected)) return (this.token = again).value;
          const fresh = await this.fetchToken();
          await this.tokens.save(fresh);
          return (this.token = fresh).value;
        } finally {
          await this.tokens.release(this.owner);
        }
      }
      await sleep(LEASE_POLL_MS);
    }
  }

  private async fetchToken(): Promise<StoredToken> {
    const url = new URL(this.credentials.tokenUrl);
    url.searchParams.set('client_id', this.credentials.clientId);
    url.searchParams.set('client_secret', this.credentials.clientSecret);
    url.searchParams.set('grant_type', 'client_credentials');
    const res = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS) });
    if (!res.ok) throw new IgdbError(`Twitch refused the IGDB credentials (HTTP ${res.status}). Check IGDB_CLIENT_ID and IGDB_CLIENT_SECRET.`, res.status);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new IgdbError('Twitch answered without an access token.');
    return { clientId: this.credentials.clientId, value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
  }

  /** POST an Apicalypse query to an endpoint ("games", "games/count", …) and return the parsed JSON. */
  async query<T>(endpoint: string, body: string): Promise<T> {
    const maxRetries = this.options.maxRetries ?? 6;
    const backoffMs = this.options.backoffMs ?? 1000;
    let rejected: string | undefined;
    for (let retries = 0; ; ) {
      const token = await this.accessToken(rejected);
      let res: Response;
      try {
        res = await this.limiter.run(() =>
          fetch(`${this.credentials.apiUrl.replace(/\/$/, '')}/${endpoint}`, {
            method: 'POST',
            headers: { 'Client-ID': this.credentials.clientId, Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'text/plain' },
            body,
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          }),
        );
      } catch (err) {
        if (retries >= maxRetries) throw new IgdbError(`IGDB ${endpoint} could not be reached: ${(err as Error).message}`);
        await sleep(backoffMs * 2 ** retries);
        retries += 1;
        continue;
      }
      if (res.ok) return (await res.json()) as T;
      if (res.status === 401 && rejected === undefined) {
        // Expired or revoked: one new token (or the one another process just stored), once.
        await res.body?.cancel();
        rejected = token;
        if (this.token?.value === token) this.token = undefined;
        continue;
      }
      if ((res.status === 429 || res.status >= 500) && retries < maxRetries) {
        await res.body?.cancel();
        await sleep(backoffMs * 2 ** retries);
        retries += 1;
        continue;
      }
      throw new IgdbError(`IGDB ${endpoint} answered HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`, res.status);
    }
  }
}
