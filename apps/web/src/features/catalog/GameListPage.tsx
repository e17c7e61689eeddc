import { pageCount } from '@vgl/shared';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { GamesGrid } from '../../components/GamesGrid';
import { Pagination } from '../../components/Pagination';
import { GamesGridSkeleton } from '../../components/Skeleton';
import { ApiRequestError } from '../../lib/api';
import { usePageMeta } from '../../lib/pageMeta';
import type { GamesPage } from './catalogApi';
import styles from './catalog.module.css';
import own from './GameListPage.module.css';

interface GameListPageProps {
  title: string;
  heading?: ReactNode;
  intro?: ReactNode;
  /** Filters, tabs… shown between the heading and the grid. */
  toolbar?: ReactNode;
  page: number;
  data: GamesPage | undefined;
  loading: boolean;
  /** A failed load; a 4xx shows the server's message (e.g. a bad year filter). */
  error?: unknown;
  platformName?: string;
  /** The total was counted only up to this many (search): show "1,000+". */
  countCap?: number;
  /** Said instead of the grid's "Nothing found." when the list is empty: why, and what to do. */
  whenEmpty?: ReactNode;
}

/** A titled, paginated games grid: the frame of /games, /search, /upcoming and the platform, genre and theme pages. */
export function GameListPage({ title, heading, intro, toolbar, page, data, loading, error, platformName, countCap, whenEmpty }: GameListPageProps) {
  usePageMeta({ title });
  const last = data ? pageCount(data.total) : 1;
  // "?p=99999": a page past the end says so and offers the last one, instead of "Nothing found.".
  const pastTheEnd = data !== undefined && data.items.length === 0 && data.total > 0 && page > last;
  return (
    <section>
      <header className={styles.header}>
        <h1>{heading ?? title}</h1>
        {intro && <div className={styles.intro}>{intro}</div>}
      </header>
      {toolbar}
      {error ? (
        <p className={styles.error} role="alert">
          {error instanceof ApiRequestError && error.status < 500 && error.body ? error.body.message : 'The games could not be loaded. Please try again.'}
        </p>
      ) : (
        <>
          {data && data.total > 0 && (
            <p className={styles.count}>
              {data.total.toLocaleString('en-US')}
              {countCap !== undefined && data.total >= countCap ? '+' : ''} {data.total === 1 ? 'game' : 'games'}
            </p>
          )}
          {pastTheEnd ? (
            <PastTheEnd page={page} last={last} />
          ) : !data && loading ? (
            <GamesGridSkeleton />
          ) : whenEmpty && data?.total === 0 && !loading ? (
            <div className={own.whenEmpty} role="status">
              {whenEmpty}
            </div>
          ) : (
            <GamesGrid games={data?.items} loading={loading} platformName={platformName} />
          )}
          {data && !pastTheEnd && <Pagination page={page} total={data.total} />}
        </>
      )}
    </section>
  );
}

/** "There is no page 99,999: the last page is 2,156." with a link to it that keeps the query and filters. */
function PastTheEnd({ page, last }: { page: number; last: number }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.set('p', String(last));
  const number = (n: number) => n.toLocaleString('en-US');
  return (
    <div className={own.pastTheEnd} role="status">
      <p>
        There is no page {number(page)}: the last page is {number(last)}.
      </p>
      <Link to={`${pathname}?${params.toString()}`} className="button button-ghost">
        Go to page {number(last)}
      </Link>
    </div>
  );
}
