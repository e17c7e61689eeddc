import { MESSAGES, PAGING } from '@vgl/shared';
import { NavLink, useParams, useSearchParams } from 'react-router';
import { GamesGrid } from '../../components/GamesGrid';
import { usePageMeta } from '../../lib/pageMeta';
import { NotFoundPage } from '../errors/NotFoundPage';
import { GameListPage } from './GameListPage';
import { useHome } from '../landing/homeApi';
import { upcomingEmptyNote } from './upcomingNote';
import { useGames, usePlatform, useSearch, useSelection, useTaxonomyItem, useTrending, useUpcoming } from './catalogApi';
import styles from './catalog.module.css';
import { isNotFound } from './isNotFound';
import { usePageParam } from './usePageParam';
import { AddGameOffer } from '../submissions/AddGameOffer';
import { SearchMembers } from '../people/SearchMembers';

export const SEARCH_TEXTS = {
  checkingSpellings: 'Nothing matched exactly. Checking close spellings…',
};

/** /search?q=…&p=…: results for the nav's search box, typos forgiven. */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = usePageParam();
  const results = useSearch(q, page);
  return (
    <GameListPage
      title={q ? `Search: ${q}` : 'Search'}
      heading={q ? <>Results for “{q}”</> : 'Search'}
      intro={
        !q ? (
          <p>Type a game's name in the search box above.</p>
        ) : results.data?.correctedTo ? (
          <p>
            Nothing matched “{q}” exactly; showing results for “{results.data.correctedTo}”.
          </p>
        ) : results.data?.unsure && page === 1 ? (
          // The words are only part of little-known titles: say first that the game may not be here.
          <>
            <p>“{q}” may not be in this catalog: no game is called that, and the titles below only contain it.</p>
            <AddGameOffer query={q} />
          </>
        ) : undefined
      }
      // Members whose name matches, above the games, on the first page only.
      toolbar={q && page === 1 ? <SearchMembers q={q} /> : undefined}
      page={page}
      countCap={PAGING.searchCountCap}
      data={q ? results.data : { items: [], total: 0 }}
      loading={results.isFetching}
      error={results.error}
      // Nothing found: say so, and offer to add the game (members) or to log in for that (visitors).
      whenEmpty={
        q && results.data?.correctionPending ? (
          <p role="status">{SEARCH_TEXTS.checkingSpellings}</p>
        ) : q ? (
          <>
            <p>{MESSAGES.emptyList}</p>
            <AddGameOffer query={q} />
          </>
        ) : undefined
      }
    />
  );
}

/** /trending: what is popular right now. */
export function TrendingPage() {
  usePageMeta({ title: 'Trending' });
  const trending = useTrending(PAGING.gamesPerPage);
  return (
    <section>
      <header className={styles.header}>
        <h1>Trending</h1>
        <p className={styles.intro}>The games players are adding and rating most right now.</p>
      </header>
      <GamesGrid games={trending.data} loading={trending.isFetching} />
    </section>
  );
}

/** /upcoming: games with a release date still ahead, soonest first. */
export function UpcomingPage() {
  const page = usePageParam();
  const upcoming = useUpcoming(page);
  const catalog = useHome().data?.catalog;
  return (
    <GameListPage
      title="Upcoming Releases"
      intro={<p>Games with a release date still ahead, soonest first.</p>}
      page={page}
      data={upcoming.data}
      loading={upcoming.isFetching}
      error={upcoming.error}
      whenEmpty={<p>{upcomingEmptyNote(catalog)}</p>}
    />
  );
}

function PlatformTabs({ slug }: { slug: string }) {
  return (
    <nav className={styles.tabs} aria-label="Platform">
      <NavLink to={`/platforms/${slug}`} end>
        Games
      </NavLink>
      <NavLink to={`/platforms/${slug}/about`}>About</NavLink>
    </nav>
  );
}

/** /platforms/{slug}: the platform's games by popularity. */
export function PlatformPage() {
  const { slug = '' } = useParams();
  const page = usePageParam();
  const platform = usePlatform(slug);
  const games = useGames({ page, platform: slug });
  if (isNotFound(platform.error)) return <NotFoundPage />;
  return (
    <GameListPage
      title={platform.data?.name ?? 'Platform'}
      toolbar={<PlatformTabs slug={slug} />}
      platformName={platform.data?.name}
      page={page}
      data={games.data}
      loading={games.isFetching}
      error={games.error}
    />
  );
}

/** /platforms/{slug}/about: name, abbreviation, alternative name, generation, family, summary. */
export function PlatformAboutPage() {
  const { slug = '' } = useParams();
  const platform = usePlatform(slug);
  usePageMeta({ title: platform.data ? `About ${platform.data.name}` : 'Platform' });
  if (isNotFound(platform.error)) return <NotFoundPage />;
  const p = platform.data;
  if (!p) return <p role="status">Loading…</p>;
  const facts: [string, string | number | null | undefined][] = [
    ['Name', p.name],
    ['Abbreviation', p.abbreviation],
    ['Also known as', p.alternative_name],
    ['Category', p.category],
    ['Generation', p.generation],
    ['Family', p.family],
    ['Games in VGL', p.games_count.toLocaleString('en-US')],
  ];
  return (
    <section>
      <header className={styles.header}>
        <h1>{p.name}</h1>
      </header>
      <PlatformTabs slug={slug} />
      <dl className={styles.facts}>
        {facts
          .filter(([, value]) => value !== null && value !== undefined && value !== '')
          .map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {p.summary && <p className={styles.summary}>{p.summary}</p>}
    </section>
  );
}

/** /genres/{slug} and /themes/{slug}: the games of one genre or theme. */
export function TaxonomyPage({ kind }: { kind: 'genres' | 'themes' }) {
  const { slug = '' } = useParams();
  const page = usePageParam();
  const item = useTaxonomyItem(kind, slug);
  const games = useGames({ page, [kind === 'genres' ? 'genre' : 'theme']: slug });
  if (isNotFound(item.error)) return <NotFoundPage />;
  return <GameListPage title={item.data?.name ?? (kind === 'genres' ? 'Genre' : 'Theme')} page={page} data={games.data} loading={games.isFetching} error={games.error} />;
}

/** /selections/{slug}: a curated list, in its own order. */
export function SelectionPage() {
  const { slug = '' } = useParams();
  const selection = useSelection(slug);
  usePageMeta({ title: selection.data?.name ?? 'Selection', description: selection.data?.description ?? undefined });
  if (isNotFound(selection.error)) return <NotFoundPage />;
  return (
    <section>
      <header className={styles.header}>
        <h1>{selection.data?.name ?? 'Selection'}</h1>
        {selection.data?.description && <p className={styles.intro}>{selection.data.description}</p>}
      </header>
      <GamesGrid games={selection.data?.games} loading={selection.isFetching} />
    </section>
  );
}
