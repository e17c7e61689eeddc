import { searchHref } from '@vgl/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import styles from './NavBar.module.css';
import { useSearchSuggestions } from './useSearchSuggestions';

/**
 * The nav's search box (SPEC §2): focused on open; an empty query does
 * nothing; Enter goes to /search. From two characters on it suggests up to
 * six games (the ARIA 1.2 combobox pattern): the arrow keys move through
 * them, Enter opens the one chosen, Escape closes the list and then the box.
 */
export function SearchForm({ onDone }: { onDone: () => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const listId = useId();
  const suggestions = useSearchSuggestions(query);
  const open = !dismissed && suggestions.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const go = (href: string) => {
    navigate(href);
    onDone();
  };

  return (
    <form
      role="search"
      className={styles.searchForm}
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = open && active >= 0 ? suggestions[active] : undefined;
        if (chosen) return go(`/games/${chosen.slug}`);
        const href = searchHref(query);
        if (href) go(href);
      }}
    >
      <input
        ref={inputRef}
        type="search"
        name="q"
        placeholder="Search"
        aria-label="Search games"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(-1);
          setDismissed(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            if (open) {
              event.preventDefault();
              setDismissed(true);
              setActive(-1);
            } else onDone();
          } else if (event.key === 'ArrowDown' && suggestions.length > 0) {
            event.preventDefault();
            setDismissed(false);
            setActive((i) => (open ? (i + 1) % suggestions.length : 0));
          } else if (event.key === 'ArrowUp' && open) {
            event.preventDefault();
            setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
          }
        }}
        onBlur={() => setDismissed(true)}
        onFocus={() => setDismissed(false)}
        className={styles.searchInput}
      />
      <ul id={listId} role="listbox" aria-label="Suggested games" className={styles.suggestions} hidden={!open}>
        {open &&
          suggestions.map((game, i) => (
            <li
              key={game.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={styles.suggestion}
              // Before the input's blur: a click chooses the game instead of closing the list.
              onMouseDown={(event) => {
                event.preventDefault();
                go(`/games/${game.slug}`);
              }}
              onMouseEnter={() => setActive(i)}
            >
              <span className={styles.suggestionName}>{game.name}</span>
              <span className={styles.suggestionMeta}>{[game.release_year, game.platform].filter((x) => x !== null).join(' · ')}</span>
            </li>
          ))}
      </ul>
    </form>
  );
}
