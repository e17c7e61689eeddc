import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogStatus } from '@vgl/shared/schemas';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api';
import { useHome } from '../landing/homeApi';
import styles from './CatalogLoadingNotice.module.css';

const count = (n: number) => n.toLocaleString('en-US');

export const CATALOG_LOADING_TEXT = {
  progress: (loaded: number, total: number) => `Loading the game catalog: ${count(loaded)} of ${count(total)} games so far. Search finds games once it is done.`,
  plain: 'Loading the game catalog. Search finds games once it is done.',
};

/** How often the bar asks how far the load has got: it takes seconds, and a person watches it. */
export const CATALOG_STATUS_POLL_MS = 2_000;

/**
 * A first start serves pages while it loads the embedded catalog (GET /api/home says so): a bar under the nav
 * says how far it has got, so empty lists and searches are not taken for an empty catalog, and every list is
 * fetched again once it is done. Nothing is asked on an instance whose catalog is loaded.
 */
export function CatalogLoadingNotice() {
  const loading = useHome().data?.catalogLoading === true;
  return loading ? <CatalogLoadingBar /> : null;
}

function CatalogLoadingBar() {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['catalog-status'],
    queryFn: async () => (await api.get<CatalogStatus>('/api/igdb/status')).data,
    refetchInterval: (query) => (query.state.data?.state === 'ready' ? false : CATALOG_STATUS_POLL_MS),
  });
  const seenLoading = useRef(false);
  useEffect(() => {
    if (data?.state === 'loading') seenLoading.current = true;
    // Once, on the change: every list shown so far was a partial one (and the home answer says loading).
    if (data?.state === 'ready' && seenLoading.current) {
      seenLoading.current = false;
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'catalog-status' });
    }
  }, [data?.state, queryClient]);

  if (data?.state === 'ready') return null;
  const text = typeof data?.loaded === 'number' && typeof data.total === 'number' ? CATALOG_LOADING_TEXT.progress(data.loaded, data.total) : CATALOG_LOADING_TEXT.plain;
  return (
    <p className={styles.bar} role="status">
      {text}
    </p>
  );
}
