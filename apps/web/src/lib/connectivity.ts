import { createStore } from 'zustand';
import { SAVED_ANSWER_HEADER } from '../sw/apiCache';

/**
 * Whether VGL's server answers, as the API calls find out: a call that
 * could not reach it, or an answer the service worker gave from what the
 * device saved (it marks those), means offline. navigator.onLine alone is
 * not enough: it stays true on a Wi-Fi with no way out, and with a server
 * that is down.
 */
export const connectivityStore = createStore<{ reachable: boolean }>(() => ({ reachable: true }));

const PROBE_EVERY_MS = 15_000;
let probe: ReturnType<typeof setInterval> | undefined;

function setReachable(reachable: boolean): void {
  if (connectivityStore.getState().reachable !== reachable) connectivityStore.setState({ reachable });
  if (reachable && probe) {
    clearInterval(probe);
    probe = undefined;
  } else if (!reachable && !probe) {
    // Offline: ask now and then whether the server is back (/api/health is never answered from the device).
    probe = setInterval(() => void checkServer(), PROBE_EVERY_MS);
  }
}

export function noteAnswer(response: Response): void {
  setReachable(!response.headers.has(SAVED_ANSWER_HEADER));
}

export function noteUnreachable(): void {
  setReachable(false);
}

export async function checkServer(): Promise<void> {
  try {
    noteAnswer(await fetch('/api/health', { cache: 'no-store' }));
  } catch {
    noteUnreachable();
  }
}

if (typeof window !== 'undefined') {
  // The browser says the connection is back: check at once rather than at the next call.
  window.addEventListener('online', () => {
    if (!connectivityStore.getState().reachable) void checkServer();
  });
}
