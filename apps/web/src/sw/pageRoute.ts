/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import type { registerRoute as RegisterRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { PAGES_CACHE } from './apiCache';

/**
 * Pages: the server's HTML (the same shell for every page, with that page's
 * title and share tags) from the network; the last ones visited, or the
 * precached shell, when offline. Pages carry no member data (that comes
 * from the API), so one cache serves everyone.
 */
export function registerPageRoute(registerRoute: typeof RegisterRoute, shell: () => Promise<Response | undefined>): void {
  const pages = new NetworkFirst({
    cacheName: PAGES_CACHE,
    // A link that answers nothing for a few seconds is offline in all but name.
    networkTimeoutSeconds: 5,
    plugins: [
      new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 30 * 86_400 }),
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      { handlerDidError: async () => (await shell()) ?? Response.error() },
    ],
  });
  registerRoute(({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'), pages);
}

/**
 * A kept page names the scripts of the build that served it; once a new
 * build's worker takes over, those scripts are gone from the device (and
 * from the server), so the old build's pages go too: offline, the new
 * build's own shell opens instead.
 */
export function forgetPagesOfOlderBuilds(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('activate', (event) => event.waitUntil(caches.delete(PAGES_CACHE)));
}
