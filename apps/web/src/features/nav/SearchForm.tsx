import { searchHref } from '@vgl/shared';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import styles from './NavBar.module.css';
import { AddGameOffer } from '../submissions/AddGameOffer';
import { Avatar } from '../../components/Avatar';
import { profilePath } from '../profile/profilePaths';
import { useGameCombobox } from './useGameCombobox';

/**
 * The nav's search box (SPEC §2): focused on open; an empty query does
 * nothing; Enter goes to /search. From two characters on it suggests up to
 * six games (the ARIA 1.2 combobox pattern): the arrow keys move through
 * them, Enter opens the one chosen, Escape closes the list and then the box.
 * When it finds nothing it says so and offers "Add this game"; when it finds
 * only games the words are part of, little-known ones, it says first that
 * the game may not be in the catalog. Up to three members whose name matches
 * follow the games (issue 36), each opening their profile.
 */
export function SearchForm({ onDone }: { onDone: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const go = (href: string) => {
    navigate(href);
    onDone();
  };
  const { listId, query, games, people, nothingFound, unsure, open, chosen, chosenPerson, inputProps, optionProps } = useGameCombobox({
    onEscapeClosed: onDone,
    onChoose: (game) => go(`/games/${game.slug}`),
    onChoosePerson: (member) => go(profilePath(member.username)),
  });

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const list = (
    <ul
      id={listId}
      role="listbox"
      aria-label={people.length > 0 ? 'Suggested games and members' : 'Suggested games'}
      className={styles.suggestions}
      hidden={!open}
    >
      {open &&
        games.map((game, i) => (
          <li key={game.id} {...optionProps(i)} className={styles.suggestion}>
            <span className={styles.suggestionName}>{game.name}</span>
            <span className={styles.suggestionMeta}>{[game.release_year, game.platform].filter((x) => x !== null).join(' · ')}</span>
          </li>
        ))}
      {open && people.length > 0 && (
        <li role="presentation" className={styles.suggestionGroup}>
          Members
        </li>
      )}
      {open &&
        people.map((member, i) => (
          <li key={member.username} {...optionProps(games.length + i)} className={`${styles.suggestion} ${styles.memberSuggestion}`}>
            <Avatar avatar={member.avatar} size="md" />
            <span className={styles.suggestionText}>
              <span className={styles.suggestionName}>{member.username}</span>
              <span className={styles.suggestionMeta}>
                {member.followers.toLocaleString('en-US')} {member.followers === 1 ? 'follower' : 'followers'} · {member.games.toLocaleString('en-US')}{' '}
                {member.games === 1 ? 'game' : 'games'}
              </span>
            </span>
          </li>
        ))}
    </ul>
  );

  return (
    <form
      role="search"
      className={styles.searchForm}
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) return go(`/games/${chosen.slug}`);
        if (chosenPerson) return go(profilePath(chosenPerson.username));
        const href = searchHref(query);
        if (href) go(href);
      }}
    >
      <input ref={inputRef} type="search" name="q" placeholder="Search" aria-label="Search games" {...inputProps} className={styles.searchInput} />
      {open && (unsure || nothingFound) ? (
        // Only part of obscure titles ("celeste" → "Marie Celeste"), or no game but members: the offer comes first, not a wrong game.
        <div className={styles.unsureMenu}>
          {unsure ? (
            <AddGameOffer query={query} variant="menu" note={`“${query.trim()}” may not be in this catalog.`} onDone={onDone} />
          ) : (
            <AddGameOffer query={query} variant="menu" onDone={onDone} />
          )}
          {list}
        </div>
      ) : (
        list
      )}
      {/* Nothing by that name: say so plainly, and offer to add it (or to log in for that). */}
      {nothingFound && !open && <AddGameOffer query={query} variant="menu" onDone={onDone} />}
    </form>
  );
}
