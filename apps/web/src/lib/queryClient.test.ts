import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/stubFetch';
import { api, ApiRequestError } from './api';
import { createQueryClient, retryDelay, shouldRetry } from './queryClient';

describe('the app’s query client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('never asks again after a 4xx: the page shows the server’s message at once', async () => {
    const requests = stubFetch({
      '/api/igdb/games': { status: 400, body: { error: 'validation_failed', message: 'page must be at most 10000', statusCode: 400 } },
    });
    const client = createQueryClient();
    const started = Date.now();
    const failure = await client.fetchQuery({ queryKey: ['games', 99999], queryFn: () => api.get('/api/igdb/games?page=99999') }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).message).toBe('page must be at most 10000');
    expect(requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('tries again, up to three times, after a network failure or a 5xx', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(0, new ApiRequestError(503, undefined))).toBe(true);
    expect(shouldRetry(2, new ApiRequestError(500, undefined))).toBe(true);
    expect(shouldRetry(3, new ApiRequestError(500, undefined))).toBe(false);
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetry(0, new ApiRequestError(status, undefined))).toBe(false);
  });

  it('waits as long as a 429 or 503 says in Retry-After, and gives up on a long wait', () => {
    expect(shouldRetry(0, new ApiRequestError(429, undefined, 1))).toBe(true);
    expect(shouldRetry(0, new ApiRequestError(429, undefined, 3600))).toBe(false);
    expect(retryDelay(0, new ApiRequestError(429, undefined, 2))).toBe(2000);
    expect(retryDelay(0, new ApiRequestError(503, undefined, 5))).toBe(5000);
    expect(retryDelay(0, new ApiRequestError(503, undefined, 0))).toBe(250);
    expect(retryDelay(1, new ApiRequestError(500, undefined))).toBe(2000);
  });

  it('reads Retry-After from a failed answer', async () => {
    stubFetch({ '/api/users/a': { status: 429, headers: { 'retry-after': '1' }, body: { error: 'rate_limited', message: 'Too many requests', statusCode: 429 } } });
    const failure = await api.get('/api/users/a').catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 429, retryAfterSeconds: 1 });
  });
});
