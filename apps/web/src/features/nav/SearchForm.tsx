import { searchHref } from '@vgl/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import styles from './NavBar.module.css';

/** The nav's search box (SPEC §2): focused on open; an empty query does nothing. */
export function SearchForm({ onDone }: { onDone: () => void }) {
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  return (
    <form
      role="search"
      className={styles.searchForm}
      onSubmit={(event) => {
        event.preventDefault();
        const href = searchHref(query);
        if (!href) return;
        navigate(href);
        onDone();
      }}
    >
      <input
        ref={inputRef}
        type="search"
        name="q"
        placeholder="Search"
        aria-label="Search games"
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
        className={styles.searchInput}
      />
    </form>
  );
}
