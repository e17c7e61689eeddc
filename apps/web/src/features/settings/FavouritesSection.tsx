import { LIBRARY_LIMITS, type EntryGame } from '@vgl/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { GameCover } from '../../components/GameCover';
import { FormSection } from '../../components/form/FormSection';
import { showToast } from '../../stores/toast';
import { FavouritePicker } from './FavouritePicker';
import styles from './settings.module.css';
import { useSaveFavourites } from './settingsApi';
import { toastFailure } from './toastFailure';

const slugsOf = (games: EntryGame[]) => games.map((game) => game.slug);

/** After a move, focus stays on the same game's button (or its other arrow once it reaches an end). */
interface FocusAfterMove {
  slug: string;
  direction: 'up' | 'down';
}

/**
 * Favourite games (up to 5, from the library) in the order the profile shows
 * them: Move up, Move down, Remove, "Add a favourite", then Save order.
 */
export function FavouritesSection({ username, favourites }: { username: string; favourites: EntryGame[] }) {
  const id = useId();
  const [list, setList] = useState(favourites);
  const [picking, setPicking] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useRef<FocusAfterMove | null>(null);
  const save = useSaveFavourites(username);
  const full = list.length >= LIBRARY_LIMITS.favourites;
  const changed = slugsOf(list).join() !== slugsOf(favourites).join();

  useEffect(() => {
    const moved = focusAfterMove.current;
    if (!moved) return;
    focusAfterMove.current = null;
    const index = list.findIndex((game) => game.slug === moved.slug);
    const atEnd = moved.direction === 'up' ? index === 0 : index === list.length - 1;
    const direction = atEnd ? (moved.direction === 'up' ? 'down' : 'up') : moved.direction;
    document.getElementById(`${id}-${direction}-${index}`)?.focus();
  }, [list, id]);

  const move = (index: number, direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    const game = list[index];
    if (!game || to < 0 || to >= list.length) return;
    const next = [...list];
    next.splice(index, 1);
    next.splice(to, 0, game);
    setList(next);
    focusAfterMove.current = { slug: game.slug, direction };
    setAnnouncement(`${game.name} is now number ${to + 1}.`);
  };

  const remove = (index: number) => {
    const game = list[index];
    if (!game) return;
    setList(list.filter((_, i) => i !== index));
    setAnnouncement(`${game.name} removed. Save to keep the change.`);
  };

  const add = (game: EntryGame) => {
    const next = [...list, game];
    setList(next);
    setAnnouncement(`${game.name} added as number ${next.length}.`);
    if (next.length >= LIBRARY_LIMITS.favourites) setPicking(false);
  };

  const submit = async () => {
    try {
      const saved = await save.mutateAsync(slugsOf(list));
      if (saved.favourites) setList(saved.favourites);
      showToast({ variant: 'success' });
    } catch (saveError) {
      toastFailure('Saving the favourites', saveError);
    }
  };

  return (
    <FormSection title="Favourite games">
      <p className={styles.hint}>
        Up to {LIBRARY_LIMITS.favourites} games from your library, shown on your profile in this order.
      </p>
      {list.length === 0 ? (
        <p className={styles.hint}>No favourites yet.</p>
      ) : (
        <ol className={styles.favourites} aria-label="Your favourites">
          {list.map((game, index) => (
            <li key={game.slug} className={styles.favourite}>
              <span className={styles.position} aria-hidden="true">
                {index + 1}
              </span>
              <div className={styles.thumb}>
                <GameCover name={game.name} cover={game.cover} decorative />
              </div>
              <span className={styles.gameName}>
                {game.name} {game.release_year && <span>{game.release_year}</span>}
              </span>
              <div className={styles.rowButtons}>
                <button
                  id={`${id}-up-${index}`}
                  type="button"
                  className="button button-ghost button-small"
                  onClick={() => move(index, 'up')}
                  disabled={index === 0}
                >
                  Move up<span className={styles.srOnly}> {game.name}</span>
                </button>
                <button
                  id={`${id}-down-${index}`}
                  type="button"
                  className="button button-ghost button-small"
                  onClick={() => move(index, 'down')}
                  disabled={index === list.length - 1}
                >
                  Move down<span className={styles.srOnly}> {game.name}</span>
                </button>
                <button type="button" className="button button-ghost button-small" onClick={() => remove(index)}>
                  Remove<span className={styles.srOnly}> {game.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <p className={styles.srOnly} role="status">
        {announcement}
      </p>
      <div className={styles.actions}>
        <button type="button" className="button button-ghost" aria-expanded={picking} onClick={() => setPicking((open) => !open)} disabled={full && !picking}>
          Add a favourite
        </button>
        <button type="button" className="button button-primary" onClick={() => void submit()} disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save order'}
        </button>
        {changed && <span className={styles.unsaved}>Unsaved changes</span>}
      </div>
      {full && <p className={styles.note}>You have {LIBRARY_LIMITS.favourites} favourites. Remove one to add another.</p>}
      {picking && !full && <FavouritePicker username={username} chosen={new Set(slugsOf(list))} onPick={add} />}
    </FormSection>
  );
}
