import type { ReactNode } from 'react';
import { GamesGrid } from '../../components/GamesGrid';
import { Pagination } from '../../components/Pagination';
import { ApiRequestError } from '../../lib/api';
import { usePageMeta } from '../../lib/pageMeta';
import type { GamesPage } from './catalogApi';
import styles from './catalog.module.css';

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
}

/** A titled, paginated games grid: the frame of /games, /search, /upcoming and the platform, genre and theme pages. */
export function GameListPage({ title, heading, intro, toolbar, page, data, loading, error, platformName, countCap }: GameListPageProps) {
  usePageMeta({ title });
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
          <GamesGrid games={data?.items} loading={loading} platformName={platformName} />
          {data && <Pagination page={page} total={data.total} />}
        </>
      )}
    </section>
  );
}
