/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import type { registerRoute as RegisterRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { apiCacheName, isKeptApiRequest, markSaved } from './apiCache';

const strategies = new Map<string, NetworkFirst>();
const networkOnly = new NetworkOnly();

/** One strategy per cache (member), made on first use. */
function strategyFor(cacheName: string): NetworkFirst {
  let strategy = strategies.get(cacheName);
  if (!strategy) {
    strategy = new NetworkFirst({
      cacheName,
      // The cache key is the URL; the member is the cache, so whose token asked need not match again.
      matchOptions: { ignoreVary: true },
      plugins: [
        new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * 86_400 }),
        // Only real answers: never an error, a redirect or an opaque answer.
        { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
        // Read from the cache only when the network failed: the page is told it is offline.
        { cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse ? markSaved(cachedResponse) : cachedResponse) },
      ],
    });
    strategies.set(cacheName, strategy);
  }
  return strategy;
}

/** API reads: the network always when it answers; the member's own kept answer when it does not. */
export function registerApiRoute(registerRoute: typeof RegisterRoute, origin: string): void {
  registerRoute(
    ({ url, request }) => isKeptApiRequest(url, request.method, origin),
    (options) => {
      const cacheName = apiCacheName(options.request.headers.get('Authorization'));
      return cacheName ? strategyFor(cacheName).handle(options) : networkOnly.handle(options);
    },
  );
}
