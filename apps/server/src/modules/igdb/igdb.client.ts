import { RateLimiter } from './rate-limiter.js';

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The IGDB API client: a Twitch client-credentials token (renewed before it
 * expires and on a 401), Apicalypse bodies, at most 4 requests a second and
 * 8 in flight, and exponential back-off on 429 and 5xx.
 */
export class IgdbClient {
  private token: { value: string; expiresAt: number } | undefined;
  private tokenRequest: Promise<string> | undefined;
  private readonly limiter = new RateLimiter(4, 8);

  constructor(
    private readonly credentials: IgdbCredentials,
    private readonly options: { maxRetries?: number; backoffMs?: number } = {},
  ) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    // One token request at a time, however many queries wait for it.
    this.tokenRequest ??= (async () => {
      try {
        const url = new URL(this.credentials.tokenUrl);
        url.searchParams.set('client_id', this.credentials.clientId);
        url.searchParams.set('client_secret', this.credentials.clientSecret);
        url.searchParams.set('grant_type', 'client_credentials');
        const res = await fetch(url, { method: 'POST' });
        if (!res.ok) throw new IgdbError(`Twitch refused the IGDB credentials (HTTP ${res.status}). Check IGDB_CLIENT_ID and IGDB_CLIENT_SECRET.`, res.status);
        const body = (await res.json()) as { access_token?: string; expires_in?: number };
        if (!body.access_token) throw new IgdbError('Twitch answered without an access token.');
        this.token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
        return body.access_token;
      } finally {
        this.tokenRequest = undefined;
      }
    })();
    return this.tokenRequest;
  }

  /** POST an Apicalypse query to an endpoint ("games", "games/count", …) and return the parsed JSON. */
  async query<T>(endpoint: string, body: string): Promise<T> {
    const maxRetries = this.options.maxRetries ?? 6;
    const backoffMs = this.options.backoffMs ?? 1000;
    let renewed = false;
    for (let retries = 0; ; ) {
      const token = await this.accessToken();
      const res = await this.limiter.run(() =>
        fetch(`${this.credentials.apiUrl.replace(/\/$/, '')}/${endpoint}`, {
          method: 'POST',
          headers: { 'Client-ID': this.credentials.clientId, Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'text/plain' },
          body,
        }),
      );
      if (res.ok) return (await res.json()) as T;
      if (res.status === 401 && !renewed) {
        renewed = true;
        this.token = undefined;
        continue;
      }
      if ((res.status === 429 || res.status >= 500) && retries < maxRetries) {
        await sleep(backoffMs * 2 ** retries);
        retries += 1;
        continue;
      }
      throw new IgdbError(`IGDB ${endpoint} answered HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`, res.status);
    }
  }
}
