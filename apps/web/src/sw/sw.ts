/// <reference lib="webworker" />
/**
 * VGL's service worker (built by vite-plugin-pwa's injectManifest strategy,
 * which fills in self.__WB_MANIFEST with the build's files).
 *
 * - The app (scripts, styles, the HTML shell, icons) is precached, so it
 *   opens without a connection; a new build's worker waits until the member
 *   accepts the "new version" prompt (features/pwa), so a page never runs
 *   half old, half new code.
 * - Pages (navigations) and API reads go to the network first; what they
 *   answered is kept and shown only when the network fails.
 * - A member's API answers are kept in a cache of their own (apiCache.ts).
 *
 * Later features (offline logging, push) add their listeners in modules of
 * their own imported here, next to ./updates.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { registerApiRoute } from './apiRoute';
import { forgetPagesOfOlderBuilds, registerPageRoute } from './pageRoute';
import { listenForUpdateMessages } from './updates';
import { listenForPush } from './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes over the open tabs at once, so their reads are kept from the first visit on.
clientsClaim();
listenForUpdateMessages(self);
// Web Push: show what the server pushed, open VGL on a click (push.ts).
listenForPush(self);
forgetPagesOfOlderBuilds(self);
registerPageRoute(registerRoute, () => matchPrecache('/index.html'));
registerApiRoute(registerRoute, self.location.origin);
