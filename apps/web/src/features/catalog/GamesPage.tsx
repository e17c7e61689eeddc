import { useSearchParams } from 'react-router';
import { useHome } from '../landing/homeApi';
import { GameListPage } from './GameListPage';
import { ApiRequestError } from '../../lib/api';
import { useGames, usePlatforms, useTaxonomy, type BrowseParams, type Term } from './catalogApi';
import { PlatformCombobox } from './PlatformCombobox';
import filterStyles from './GameListPage.module.css';
import styles from './catalog.module.css';
import { BROWSE_SORTS_LABELS } from './sorts';
import { usePageParam } from './usePageParam';

type Filter = 'platform' | 'genre' | 'theme' | 'releaseDate' | 'sort';
type Sort = keyof typeof BROWSE_SORTS_LABELS;

/** The values a filter offers: those with games (every one when the server does not count them). */
const withGames = <T extends { games_count?: number }>(values: T[] | undefined) => values?.filter((v) => v.games_count === undefined || v.games_count > 0);

/** Each filter's label, as the note under the filters names a refused one. */
const FILTER_LABELS: Record<Filter, string> = { platform: 'Platform', genre: 'Genre', theme: 'Theme', releaseDate: 'Released', sort: 'Sort by' };

const FILTERS: Filter[] = ['platform', 'genre', 'theme', 'releaseDate', 'sort'];

/** The filters a 400 answer names, with the API's message for each ("releaseDate must be …"). */
function refusedFilters(error: unknown): Partial<Record<Filter, string>> {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return {};
  const errors = error.body?.errors ?? {};
  return Object.fromEntries(FILTERS.filter((name) => errors[name] !== undefined).map((name) => [name, errors[name]]));
}

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
  const asked: BrowseParams = {
    page,
    platform: value('platform') || undefined,
    genre: value('genre') || undefined,
    theme: value('theme') || undefined,
    releaseDate: value('releaseDate') || undefined,
    sort: value('sort') || undefined,
  };
  const filtered = useGames(asked);
  // A filter the API refuses ("Released: abc") gets its message by the field, and the grid shows the
  // games without that filter — saying so — rather than the last results or nothing.
  const refused = refusedFilters(filtered.error);
  const withoutRefused = useGames({ ...asked, ...Object.fromEntries(Object.keys(refused).map((name) => [name, undefined])) }, { enabled: Object.keys(refused).length > 0 });
  const games = Object.keys(refused).length > 0 ? withoutRefused : filtered;
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

  // The API's message under the field it is about, read out once (role="alert") and tied to the field.
  const errorId = (name: Filter) => `filter-${name}-error`;
  const invalid = (name: Filter) =>
    refused[name] === undefined ? {} : { 'aria-invalid': true as const, 'aria-describedby': errorId(name) };
  const fieldError = (name: Filter) =>
    refused[name] !== undefined && (
      <p id={errorId(name)} className={filterStyles.fieldError} role="alert">
        {refused[name]}
      </p>
    );

  const toolbar = (
    <form className={styles.filters} onSubmit={(e) => e.preventDefault()} aria-label="Filter games">
      <div>
        <label htmlFor="filter-platform">Platform</label>
        <PlatformCombobox
          id="filter-platform"
          platforms={withGames(platforms.data)}
          value={value('platform')}
          onChange={(slug) => setFilter('platform', slug)}
          inputProps={invalid('platform')}
        />
        {fieldError('platform')}
      </div>
      {shows(genreOptions, 'genre') && (
        <div>
          <label htmlFor="filter-genre">Genre</label>
          <select id="filter-genre" {...invalid('genre')} value={value('genre')} onChange={(e) => setFilter('genre', e.target.value)}>
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
          {fieldError('genre')}
        </div>
      )}
      {shows(themeOptions, 'theme') && (
        <div>
          <label htmlFor="filter-theme">Theme</label>
          <select id="filter-theme" {...invalid('theme')} value={value('theme')} onChange={(e) => setFilter('theme', e.target.value)}>
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
          {fieldError('theme')}
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
          {...invalid('releaseDate')}
          onBlur={(e) => e.target.value !== value('releaseDate') && setFilter('releaseDate', e.target.value.trim())}
          onKeyDown={(e) => e.key === 'Enter' && setFilter('releaseDate', e.currentTarget.value.trim())}
        />
        {fieldError('releaseDate')}
      </div>
      <div>
        <label htmlFor="filter-sort">Sort by</label>
        <select id="filter-sort" {...invalid('sort')} value={value('sort') || 'popularity'} onChange={(e) => setFilter('sort', e.target.value === 'popularity' ? '' : e.target.value)}>
          {sorts.map((key) => (
            <option key={key} value={key}>
              {BROWSE_SORTS_LABELS[key]}
            </option>
          ))}
        </select>
        {fieldError('sort')}
      </div>
    </form>
  );
  const refusedLabels = FILTERS.filter((name) => refused[name] !== undefined).map((name) => `“${FILTER_LABELS[name]}”`);

  return (
    <GameListPage
      title="Games"
      intro={<p>Browse the whole catalog; filter by {inWords(filterNames)}.</p>}
      toolbar={
        <>
          {toolbar}
          {refusedLabels.length > 0 && (
            <p className={filterStyles.unfiltered}>
              These games are not filtered by {refusedLabels.join(' and ')}: correct or clear it to filter by it.
            </p>
          )}
        </>
      }
      platformName={platforms.data?.find((p) => p.slug === value('platform'))?.name}
      page={page}
      data={games.data}
      loading={games.isFetching}
      error={games.error}
    />
  );
}
