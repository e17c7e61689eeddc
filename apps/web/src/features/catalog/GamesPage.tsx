import { useSearchParams } from 'react-router';
import { useHome } from '../landing/homeApi';
import { GameListPage } from './GameListPage';
import { useGames, usePlatforms, useTaxonomy, type Term } from './catalogApi';
import styles from './catalog.module.css';
import { BROWSE_SORTS_LABELS } from './sorts';
import { usePageParam } from './usePageParam';

type Filter = 'platform' | 'genre' | 'theme' | 'releaseDate' | 'sort';
type Sort = keyof typeof BROWSE_SORTS_LABELS;

/** The values a filter offers: those with games (every one when the server does not count them). */
const withGames = <T extends { games_count?: number }>(values: T[] | undefined) => values?.filter((v) => v.games_count === undefined || v.games_count > 0);

const inWords = (words: string[]) => (words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`);

/**
 * /games: every game, with filters and sort kept in the URL. A filter lists
 * only the values that have games, and is left out when none has (the
 * embedded catalog has no genres or themes); a sort with nothing to sort by
 * (rating, when no game has one) is not offered. A value the URL asks for
 * stays selectable, so a shared link still shows what it filters by.
 */
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
  // What the catalog can be sorted by comes with the front page's answer (cached; the footer asks for it too).
  const sortable = useHome().data?.catalog?.sorts;
  const sorts = (Object.keys(BROWSE_SORTS_LABELS) as Sort[]).filter((key) => !sortable || sortable.includes(key) || key === value('sort'));
  const genreOptions = withGames(genres.data);
  const themeOptions = withGames(themes.data);
  // Shown while loading (no jump), then only when some value has games or one is chosen.
  const shows = (options: Term[] | undefined, name: Filter) => !options || options.length > 0 || value(name) !== '';
  const filterNames = ['platform', ...(shows(genreOptions, 'genre') ? ['genre'] : []), ...(shows(themeOptions, 'theme') ? ['theme'] : []), 'release year'];

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
          {withGames(platforms.data)?.map((p) => (
            <option key={p.slug} value={p.slug}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      {shows(genreOptions, 'genre') && (
        <div>
          <label htmlFor="filter-genre">Genre</label>
          <select id="filter-genre" value={value('genre')} onChange={(e) => setFilter('genre', e.target.value)}>
            <option value="">Any genre</option>
            {genreOptions?.map((g) => (
              <option key={g.slug} value={g.slug}>
                {g.name}
              </option>
            ))}
            {value('genre') && genreOptions && !genreOptions.some((g) => g.slug === value('genre')) && (
              <option value={value('genre')}>{genres.data?.find((g) => g.slug === value('genre'))?.name ?? value('genre')}</option>
            )}
          </select>
        </div>
      )}
      {shows(themeOptions, 'theme') && (
        <div>
          <label htmlFor="filter-theme">Theme</label>
          <select id="filter-theme" value={value('theme')} onChange={(e) => setFilter('theme', e.target.value)}>
            <option value="">Any theme</option>
            {themeOptions?.map((t) => (
              <option key={t.slug} value={t.slug}>
                {t.name}
              </option>
            ))}
            {value('theme') && themeOptions && !themeOptions.some((t) => t.slug === value('theme')) && (
              <option value={value('theme')}>{themes.data?.find((t) => t.slug === value('theme'))?.name ?? value('theme')}</option>
            )}
          </select>
        </div>
      )}
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
          {sorts.map((key) => (
            <option key={key} value={key}>
              {BROWSE_SORTS_LABELS[key]}
            </option>
          ))}
        </select>
      </div>
    </form>
  );

  return (
    <GameListPage
      title="Games"
      intro={<p>Browse the whole catalog; filter by {inWords(filterNames)}.</p>}
      toolbar={toolbar}
      platformName={platforms.data?.find((p) => p.slug === value('platform'))?.name}
      page={page}
      data={games.data}
      loading={games.isFetching}
      error={games.error}
    />
  );
}
