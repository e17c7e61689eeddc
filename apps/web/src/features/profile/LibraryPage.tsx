import { LIBRARY_SORTS, MESSAGES, PAGING } from '@vgl/shared';
import { useSearchParams } from 'react-router';
import { Pagination } from '../../components/Pagination';
import { GamesGrid } from '../../components/GamesGrid';
import { usePageMeta } from '../../lib/pageMeta';
import { usePageParam } from '../catalog/usePageParam';
import { DEFAULT_LIBRARY_SORT, LIBRARY_SORT_LABELS, SHELF_OPTIONS, STATUS_OPTIONS, libraryBadge, parseShelf, parseSort, parseStatus } from './libraryFilters';
import { useLibrary } from './profileApi';
import { useUsernameParam } from './profilePaths';
import { useDisplayName } from './useDisplayName';
import styles from './library.module.css';
import common from './profile.module.css';

/** /u/{username}/library?status=|shelf=&sort=&p=: the user's games, 24 a page, filter and sort kept in the URL. */
export function LibraryPage() {
  const username = useUsernameParam();
  const [params, setParams] = useSearchParams();
  const page = usePageParam();
  // A shelf (backlog or wishlist) is a kind of "want to play": the one Status menu offers both, the URL keeps one.
  const shelf = parseShelf(params.get('shelf'));
  const status = shelf ? undefined : parseStatus(params.get('status'));
  const sort = parseSort(params.get('sort'));
  const library = useLibrary(username, { status, shelf, sort, page });
  const displayName = useDisplayName(username);
  usePageMeta({ title: `${displayName}'s Library` });

  // A new filter or sort starts again at page 1; defaults stay out of the URL.
  const setParam = (name: 'status' | 'shelf' | 'sort', value: string, fallback: string) => {
    const next = new URLSearchParams(params);
    if (value && value !== fallback) next.set(name, value);
    else next.delete(name);
    next.delete('p');
    setParams(next);
  };
  const setStatusOrShelf = (value: string) => {
    const next = new URLSearchParams(params);
    const chosenShelf = parseShelf(value);
    next.delete('status');
    next.delete('shelf');
    if (chosenShelf) next.set('shelf', chosenShelf);
    else if (value) next.set('status', value);
    next.delete('p');
    setParams(next);
  };

  const total = library.data?.total ?? 0;
  // What the status filtered by means, under the menu (a menu's options cannot carry a line of their own).
  const statusHint = shelf ? null : (STATUS_OPTIONS.find((option) => option.code === status)?.hint ?? null);
  return (
    <section aria-labelledby="library-heading">
      <div className={common.sectionHead}>
        <h2 id="library-heading">Library</h2>
      </div>
      <form className={styles.filters} aria-label="Filter the library" onSubmit={(e) => e.preventDefault()}>
        <div>
          <label htmlFor="library-status">Status</label>
          <select
            id="library-status"
            value={shelf ?? status ?? ''}
            onChange={(e) => setStatusOrShelf(e.target.value)}
            aria-describedby={statusHint ? 'library-status-hint' : undefined}
          >
            <option value="">All</option>
            {STATUS_OPTIONS.map(({ code, label, hint }) => (
              <option key={code} value={code} title={hint}>
                {label}
              </option>
            ))}
            <optgroup label="Want to play, by shelf">
              {SHELF_OPTIONS.map(({ shelf: value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </optgroup>
          </select>
          {statusHint && (
            <p id="library-status-hint" className={styles.filterHint}>
              {statusHint}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="library-sort">Sort by</label>
          <select id="library-sort" value={sort} onChange={(e) => setParam('sort', e.target.value, DEFAULT_LIBRARY_SORT)}>
            {LIBRARY_SORTS.map((key) => (
              <option key={key} value={key}>
                {LIBRARY_SORT_LABELS[key]}
              </option>
            ))}
          </select>
        </div>
      </form>
      {library.isError ? (
        <p className={common.error} role="alert">
          The library could not be loaded. Please try again.
        </p>
      ) : !library.data ? (
        <p className={common.status} role="status">
          Loading games…
        </p>
      ) : library.data.items.length === 0 ? (
        <p className={common.status}>{MESSAGES.emptyList}</p>
      ) : (
        <>
          <p className={common.count}>
            {total.toLocaleString('en-US')} {total === 1 ? 'game' : 'games'}
          </p>
          <GamesGrid games={library.data.items} loading={library.isFetching} ratingScale="ten" badge={libraryBadge} />
          <Pagination page={page} total={total} perPage={PAGING.gamesPerPage} />
        </>
      )}
    </section>
  );
}
