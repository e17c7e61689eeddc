import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api';

/** How many times a failed query is tried again: network trouble and 5xx only. */
const MAX_RETRIES = 3;

/**
 * A 4xx answer is the server telling us the request is wrong (a bad filter,
 * a page past the end, a missing game): asking again gives the same answer,
 * only later. So 4xx fail at once and the page shows the server's message;
 * a network failure or a 5xx may pass, and is tried again.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** The app's one query client. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry },
    },
  });
}
