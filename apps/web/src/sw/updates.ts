/// <reference lib="webworker" />
/** The page's "Reload" on the new-version prompt: the waiting worker takes over (the page then reloads itself). */
export const SKIP_WAITING = 'SKIP_WAITING';

export function listenForUpdateMessages(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
  });
}
