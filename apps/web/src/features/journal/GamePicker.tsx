import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../lib/api';
import type { GameCard } from '../catalog/catalogApi';
import styles from './journal.module.css';

interface PickedGame {
  slug: string;
  name: string;
}

interface GamePickerProps {
  chosen: PickedGame | null;
  onChoose: (game: PickedGame | null) => void;
  error: string | undefined;
}

const MIN_LETTERS = 2;
const RESULTS = 6;

/** The text after the member stops typing for a moment, so each keystroke is not a search. */
function useSettled(text: string, ms = 250): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(text), ms);
    return () => window.clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * Which game a session from the diary page is of: a search box whose
 * matches are a list of buttons (Tab and Enter, no custom widget); once one
 * is chosen the form names it, with a button to change it.
 */
export function GamePicker({ chosen, onChoose, error }: GamePickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const q = useSettled(text.trim());
  const inputRef = useRef<HTMLInputElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef<'input' | 'change' | null>(null);
  const search = useQuery({
    queryKey: ['search', 'session-game', q],
    enabled: q.length >= MIN_LETTERS,
    placeholderData: keepPreviousData,
    queryFn: async () => (await api.get<GameCard[]>(`/api/igdb/search?${new URLSearchParams({ q, p: '1', limit: String(RESULTS) }).toString()}`)).data,
  });

  // Choosing or changing the game swaps what is shown: keep the keyboard where the member is.
  useEffect(() => {
    if (moveFocus.current === 'change') changeRef.current?.focus();
    if (moveFocus.current === 'input') inputRef.current?.focus();
    moveFocus.current = null;
  });

  if (chosen) {
    return (
      <p className={styles.chosen}>
        <span>
          Game: <strong>{chosen.name}</strong>
        </span>
        <button
          ref={changeRef}
          type="button"
          className="button button-ghost button-small"
          onClick={() => {
            moveFocus.current = 'input';
            onChoose(null);
          }}
        >
          Change game
        </button>
      </p>
    );
  }

  const games = q.length >= MIN_LETTERS ? (search.data ?? []) : [];
  const status =
    text.trim().length < MIN_LETTERS
      ? `Type at least ${MIN_LETTERS} letters of its name.`
      : search.isFetching && games.length === 0
        ? 'Searching…'
        : search.isError
          ? 'The search failed. Please try again.'
          : games.length === 0 && !search.isFetching && q === text.trim()
            ? 'No game found.'
            : `${games.length} ${games.length === 1 ? 'game' : 'games'} found: choose one.`;
  return (
    <div className={styles.field}>
      <label htmlFor={`${id}-search`}>Game</label>
      <input
        ref={inputRef}
        id={`${id}-search`}
        type="search"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-status${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-status`} className={styles.hint} role="status">
        {status}
      </p>
      {games.length > 0 && (
        <ul className={styles.results} aria-label="Matching games">
          {games.map((game) => (
            <li key={game.slug}>
              <button
                type="button"
                className={styles.result}
                onClick={() => {
                  moveFocus.current = 'change';
                  onChoose({ slug: game.slug, name: game.name });
                }}
              >
                {game.name}
                <span>{game.release_year ?? 'TBA'}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
