import type { ReactNode } from 'react';
import { Pagination } from './Pagination';
import styles from './PagedList.module.css';

export interface ListPage<Item> {
  items: Item[];
  total: number;
}

interface PagedListProps<Page extends ListPage<unknown>> {
  /** The current page, undefined while it loads. */
  data: Page | undefined;
  /** Whether to show the failure instead: the page decides if items it already has outrank a failed refetch. */
  failed: boolean;
  page: number;
  perPage: number;
  texts: { failed: string; loading: string; empty: string };
  /** The page's items (never none), in the list's own markup. */
  children: (data: Page) => ReactNode;
}

/** One page of a list paged with p (SPEC §9): its failure, loading and empty states, then the items and the page links. */
export function PagedList<Page extends ListPage<unknown>>({ data, failed, page, perPage, texts, children }: PagedListProps<Page>) {
  if (failed)
    return (
      <p className={styles.failed} role="alert">
        {texts.failed}
      </p>
    );
  if (!data)
    return (
      <p className={styles.loading} role="status">
        {texts.loading}
      </p>
    );
  if (data.items.length === 0) return <p className={styles.empty}>{texts.empty}</p>;
  return (
    <>
      {children(data)}
      <Pagination page={page} total={data.total} perPage={perPage} />
    </>
  );
}
