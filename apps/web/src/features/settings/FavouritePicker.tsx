import type { EntryGame, LibraryGame } from '@vgl/shared';
import { useId, useState } from 'react';
import { GameCover } from '../../components/GameCover';
import styles from './settings.module.css';
import { useLibraryForPicker } from './settingsApi';

const asEntryGame = ({ cover, name, slug, first_release_date, release_year }: LibraryGame): EntryGame => ({
  cover,
  name,
  slug,
  first_release_date,
  release_year,
});

interface FavouritePickerProps {
  username: string;
  /** Slugs already chosen: not offered again. */
  chosen: ReadonlySet<string>;
  onPick: (game: EntryGame) => void;
}

/** Games of the owner's library by name, filtered by a search box; favourites must be in the library. */
export function FavouritePicker({ username, chosen, onPick }: FavouritePickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const library = useLibraryForPicker(username, true);
  const games = library.data?.pages.flatMap((page) => page.games) ?? [];
  const needle = query.trim().toLowerCase();
  const matches = games.filter((game) => !chosen.has(game.slug) && game.name.toLowerCase().includes(needle));

  let status: string | null = null;
  if (library.isPending) status = 'Loading your library…';
  else if (library.isError) status = 'Your library could not be loaded. Please try again.';
  else if (games.length === 0) status = 'Your library is empty. Add games from their pages first.';
  else if (matches.length === 0) status = needle ? 'No game in your library matches.' : 'Every game of your library is already a favourite.';

  return (
    <div className={styles.picker}>
      <label htmlFor={`${id}-search`} className={styles.srOnly}>
        Find a game in your library
      </label>
      <input
        id={`${id}-search`}
        type="search"
        placeholder="Find a game in your library"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoComplete="off"
      />
      <p className={styles.pickerStatus} role="status">
        {status}
      </p>
      {matches.length > 0 && (
        <ul className={styles.matches} aria-label="Games in your library">
          {matches.map((game) => (
            <li key={game.slug} className={styles.match}>
              <div className={styles.thumb}>
                <GameCover name={game.name} cover={game.cover} decorative />
              </div>
              <span className={styles.gameName}>
                {game.name} {game.release_year && <span>{game.release_year}</span>}
              </span>
              <button type="button" className="button button-ghost button-small" onClick={() => onPick(asEntryGame(game))}>
                Add<span className={styles.srOnly}> {game.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {library.hasNextPage && (
        <button type="button" className="button button-ghost button-small" onClick={() => void library.fetchNextPage()} disabled={library.isFetchingNextPage}>
          {library.isFetchingNextPage ? 'Loading…' : 'Load more games'}
        </button>
      )}
    </div>
  );
}
