import { createStore, useStore } from 'zustand';

/** The "skip waiting" message the service worker listens for (src/sw/updates.ts). */
const SKIP_WAITING = { type: 'SKIP_WAITING' };

export interface UpdateState {
  /** A new build's worker is installed and waiting for the member's "Reload". */
  waiting: ServiceWorker | null;
}

export const updateStore = createStore<UpdateState>(() => ({ waiting: null }));
export const useUpdateWaiting = () => useStore(updateStore, (state) => state.waiting !== null);

let reloadAsked = false;

/**
 * Registers /sw.js (production builds only) and watches for a new build's
 * worker: when one is installed while this page is controlled by an older
 * one, the page offers "Reload" (UpdatePrompt). The new worker takes over
 * only then, so a page never runs a mix of two builds.
 *
 * Written by hand rather than with workbox-window: an update found while the
 * page was still loading (before any listener) must be caught too.
 */
export async function registerServiceWorker(container: ServiceWorkerContainer | undefined = navigator.serviceWorker): Promise<ServiceWorkerRegistration | undefined> {
  if (!container) return undefined;
  const registration = await container.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  watchRegistration(registration, container);
  // The first install claims the page too (no reload wanted); only a take-over the member asked for reloads.
  container.addEventListener('controllerchange', () => {
    if (reloadAsked) window.location.reload();
  });
  return registration;
}

export function watchRegistration(registration: ServiceWorkerRegistration, container: Pick<ServiceWorkerContainer, 'controller'>): void {
  const offer = (worker: ServiceWorker | null) => {
    // Without a controller this is the first install: nothing older runs, nothing to offer.
    if (worker && container.controller) updateStore.setState({ waiting: worker });
  };
  const track = (worker: ServiceWorker | null) => {
    if (!worker) return;
    if (worker.state === 'installed') return offer(registration.waiting ?? worker);
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(registration.waiting ?? worker);
    });
  };
  offer(registration.waiting);
  track(registration.installing);
  registration.addEventListener('updatefound', () => track(registration.installing));
}

/** "Reload": the waiting worker takes over, then the page reloads on the new build. */
export function applyUpdate(): void {
  const { waiting } = updateStore.getState();
  if (!waiting) return window.location.reload();
  reloadAsked = true;
  waiting.postMessage(SKIP_WAITING);
}
