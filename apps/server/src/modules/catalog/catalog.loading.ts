/**
 * Whether this process is still loading the embedded catalog. A first start
 * on an empty database listens at once and loads the catalog behind it
 * (main.ts); until that is done, readiness answers 503 "catalog_loading",
 * catalog answers are not cached by browsers, the catalog syncs wait, and
 * the web app says so. One per process: the load is a start-up event of the
 * process, as the port it listens on is. Every other way of starting (tests,
 * the CLI) loads before it serves, and this stays "ready".
 */
export interface CatalogLoadStatus {
  state: 'loading' | 'ready';
  /** Games loaded so far and in all, while this process loads them (null while another instance does). */
  loaded: number | null;
  total: number | null;
}

function createCatalogLoad() {
  let status: CatalogLoadStatus = { state: 'ready', loaded: null, total: null };
  let done: Promise<void> = Promise.resolve();
  let finish = () => {};
  const beforeReady = new Set<() => Promise<void>>();

  return {
    status: (): CatalogLoadStatus => status,
    get loading(): boolean {
      return status.state === 'loading';
    },
    begin(): void {
      if (status.state === 'loading') return;
      status = { state: 'loading', loaded: null, total: null };
      done = new Promise<void>((resolve) => (finish = resolve));
    },
    progress(loaded: number, total: number): void {
      if (status.state === 'loading') status = { state: 'loading', loaded, total };
    },
    /**
     * Work to finish before the instance says it is ready: what the process keeps from the partial catalog (kept
     * answers, the home feed) goes first, so nothing built before the load is served as if it were after it.
     */
    beforeReady(work: () => Promise<void>): () => void {
      beforeReady.add(work);
      return () => beforeReady.delete(work);
    },
    /** Loaded, or given up (the process is stopping): whoever waits goes on. */
    async end(): Promise<void> {
      await Promise.all([...beforeReady].map((work) => work().catch(() => undefined)));
      status = { state: 'ready', loaded: null, total: null };
      finish();
    },
    /** Resolves once the catalog is loaded, or when `signal` aborts (whoever waits checks it). */
    whenLoaded(signal?: AbortSignal): Promise<void> {
      if (status.state === 'ready' || signal?.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const onAbort = () => resolve();
        signal?.addEventListener('abort', onAbort, { once: true });
        void done.then(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        });
      });
    },
  };
}

export const catalogLoad = createCatalogLoad();
export type CatalogLoad = typeof catalogLoad;

export const catalogLoadingMessage = ({ loaded, total }: CatalogLoadStatus): string =>
  loaded !== null && total !== null
    ? `The game catalog is still loading (${loaded.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} games).`
    : 'The game catalog is still loading.';
