import { useEffect, useRef } from 'react';
import type { GameCard } from '../catalog/catalogApi';
import { useGameCombobox } from '../nav/useGameCombobox';
import { SUGGEST } from '../nav/useSearchSuggestions';
import styles from './DataSettingsPage.module.css';
import type { GameRef } from './dataApi';

interface GamePickComboboxProps {
  /** Names the search box, e.g. "Pick the game for Hades". */
  label: string;
  /** What the file says, to start the search from. */
  initialQuery: string;
  onPick: (game: GameRef) => void;
  onCancel: () => void;
}

const asGameRef = (game: GameCard): GameRef => ({ slug: game.slug, name: game.name, year: game.release_year });

/**
 * Finds a catalog game for one row of the import, with the nav search's
 * suggestions and its ARIA 1.2 combobox keys (arrows move, Enter picks,
 * Escape closes the list and then gives up). The list sits in the flow,
 * not over it: the preview table scrolls and would clip a popup.
 */
export function GamePickCombobox({ label, initialQuery, onPick, onCancel }: GamePickComboboxProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { listId, query, games, open, chosen, inputProps, optionProps } = useGameCombobox({
    initialQuery,
    onEscapeClosed: onCancel,
    onChoose: (game) => onPick(asGameRef(game)),
  });
  const tooShort = query.trim().length < SUGGEST.minChars;

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  return (
    <div className={styles.pick}>
      <input
        ref={inputRef}
        type="search"
        aria-label={label}
        placeholder="Search the catalog"
        {...inputProps}
        onKeyDown={(event) => {
          // Enter never submits anything here: it picks the highlighted game, or nothing.
          if (event.key === 'Enter') {
            event.preventDefault();
            if (chosen) onPick(asGameRef(chosen));
          } else inputProps.onKeyDown(event);
        }}
      />
      {tooShort && <p className={styles.fieldHint}>Type at least {SUGGEST.minChars} characters.</p>}
      <ul id={listId} role="listbox" aria-label="Games found" className={styles.pickList} hidden={!open}>
        {open &&
          games.map((game, i) => (
            <li key={game.id} {...optionProps(i)} className={styles.pickOption}>
              <span className={styles.pickName}>{game.name}</span>
              <span className={styles.pickMeta}>{[game.release_year, game.platform].filter((x) => x !== null).join(' · ')}</span>
            </li>
          ))}
      </ul>
      <button type="button" className="button button-ghost button-small" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
