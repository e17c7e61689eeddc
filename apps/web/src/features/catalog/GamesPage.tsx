import { useSearchParams } from 'react-router';
import { GameListPage } from './GameListPage';
import { useGames, usePlatforms, useTaxonomy } from './catalogApi';
import styles from './catalog.module.css';
import { BROWSE_SORTS_LABELS } from './sorts';
import { usePageParam } from './usePageParam';

type Filter = 'platform' | 'genre' | 'theme' | 'releaseDate' | 'sort';

/** /games: every game, with filters and sort kept in the URL. */
export function GamesPage() {
  const [params, setParams] = useSearchParams();
  const page = usePageParam();
  const value = (name: Filter) => params.get(name) ?? '';
  const games = useGames({
    page,
    platform: value('platform') || undefined,
    genre: value('genre') || undefined,
    theme: value('theme') || undefined,
    releaseDate: value('releaseDate') || undefined,
    sort: value('sort') || undefined,
  });
  const platforms = usePlatforms();
  const genres = useTaxonomy('genres');
  const themes = useTaxonomy('themes');

  // Changing a filter starts again at page 1.
  const setFilter = (name: Filter, next: string) => {
    const updated = new URLSearchParams(params);
    if (next) updated.set(name, next);
    else updated.delete(name);
    updated.delete('p');
    setParams(updated);
  };

  const toolbar = (
    <form className={styles.filters} onSubmit={(e) => e.preventDefault()} aria-label="Filter games">
      <div>
        <label htmlFor="filter-platform">Platform</label>
        <select id="filter-platform" value={value('platform')} onChange={(e) => setFilter('platform', e.target.value)}>
          <option value="">Any platform</option>
          {platforms.data?.map((p) => (
            <option key={p.slug} value={p.slug}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-genre">Genre</label>
        <select id="filter-genre" value={value('genre')} onChange={(e) => setFilter('genre', e.target.value)}>
          <option value="">Any genre</option>
          {genres.data?.map((g) => (
            <option key={g.slug} value={g.slug}>
              {g.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-theme">Theme</label>
        <select id="filter-theme" value={value('theme')} onChange={(e) => setFilter('theme', e.target.value)}>
          <option value="">Any theme</option>
          {themes.data?.map((t) => (
            <option key={t.slug} value={t.slug}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-releaseDate">Released</label>
        <input
          id="filter-releaseDate"
          key={value('releaseDate')}
          defaultValue={value('releaseDate')}
          placeholder="1991 or 1990-1995"
          inputMode="numeric"
          onBlur={(e) => e.target.value !== value('releaseDate') && setFilter('releaseDate', e.target.value.trim())}
          onKeyDown={(e) => e.key === 'Enter' && setFilter('releaseDate', e.currentTarget.value.trim())}
        />
      </div>
      <div>
        <label htmlFor="filter-sort">Sort by</label>
        <select id="filter-sort" value={value('sort') || 'popularity'} onChange={(e) => setFilter('sort', e.target.value === 'popularity' ? '' : e.target.value)}>
          {Object.entries(BROWSE_SORTS_LABELS).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </form>
  );

  return (
    <GameListPage
      title="Games"
      intro={<p>Browse the whole catalog; filter by platform, genre, theme or release year.</p>}
      toolbar={toolbar}
      platformName={platforms.data?.find((p) => p.slug === value('platform'))?.name}
      page={page}
      data={games.data}
      loading={games.isFetching}
      error={games.error}
    />
  );
}
