import { useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { connectivityStore } from '../../lib/connectivity';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the app is online: the browser has a connection (navigator.onLine) and VGL's server answers (lib/connectivity). */
export function useOnline(): boolean {
  const browserOnline = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  const reachable = useStore(connectivityStore, (state) => state.reachable);
  return browserOnline && reachable;
}
