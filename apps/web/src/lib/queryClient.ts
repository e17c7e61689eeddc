import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api';

/** How many times a failed query is tried again: network trouble and 5xx only. */
const MAX_RETRIES = 3;

/** The longest wait a server's Retry-After may ask for before the page gives up and shows the error. */
const LONGEST_WAIT_MS = 10_000;

/**
 * A 4xx answer is the server telling us the request is wrong (a bad filter,
 * a page past the end, a missing game): asking again gives the same answer,
 * only later. So 4xx fail at once and the page shows the server's message;
 * a network failure or a 5xx may pass, and is tried again. A 429 with
 * Retry-After is the exception: the server says when asking again will
 * work (a busy page's burst of reads over the per-client budget), so the
 * page waits that long rather than showing "could not be loaded".
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
    const waitable = error.status === 429 && error.retryAfterSeconds !== undefined && error.retryAfterSeconds * 1000 <= LONGEST_WAIT_MS;
    if (!waitable) return false;
  }
  return failureCount < MAX_RETRIES;
}

/** How long before trying again: what the server asked for (Retry-After), else 1 s, 2 s, 4 s. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof ApiRequestError && error.retryAfterSeconds !== undefined) return Math.min(Math.max(error.retryAfterSeconds * 1000, 250), LONGEST_WAIT_MS);
  return Math.min(1000 * 2 ** failureCount, 8000);
}

/** The app's one query client. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry, retryDelay },
    },
  });
}
