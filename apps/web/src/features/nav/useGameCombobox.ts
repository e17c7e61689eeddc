import { useId, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import type { MemberCard } from '@vgl/shared';
import type { GameCard } from '../catalog/catalogApi';
import { useSearchSuggestions } from './useSearchSuggestions';

interface GameComboboxOptions {
  initialQuery?: string;
  /** Escape with the list already closed: the caller closes the box. */
  onEscapeClosed: () => void;
  /** A game chosen with the mouse (Enter is the caller's: a form submits, a picker picks). */
  onChoose: (game: GameCard) => void;
  /** Offer members after the games (the nav's search): arrows go on through them, a click calls this. */
  onChoosePerson?: (member: MemberCard) => void;
}

/**
 * The ARIA 1.2 combobox over the catalog's suggestions, shared by the nav
 * search and the import's "pick the game": arrows move through up to six
 * games (and, in the nav, up to three members after them), Escape closes the list and then the box, a click chooses before the
 * input's blur can close the list. Callers spread `inputProps` on their
 * input and `optionProps(i)` on each option.
 */
export function useGameCombobox({ initialQuery = '', onEscapeClosed, onChoose, onChoosePerson }: GameComboboxOptions) {
  const listId = useId();
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const { games, people, nothingFound, unsure } = useSearchSuggestions(query, { people: onChoosePerson !== undefined });
  // Options are numbered games first, then members.
  const count = games.length + people.length;
  const open = !dismissed && count > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const inputProps = {
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': open,
    'aria-controls': listId,
    'aria-activedescendant': open && active >= 0 ? optionId(active) : undefined,
    autoComplete: 'off',
    value: query,
    onChange: (event: { target: { value: string } }) => {
      setQuery(event.target.value);
      setActive(-1);
      setDismissed(false);
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        if (open) {
          setDismissed(true);
          setActive(-1);
        } else onEscapeClosed();
      } else if (event.key === 'ArrowDown' && count > 0) {
        event.preventDefault();
        setDismissed(false);
        setActive((i) => (open ? (i + 1) % count : 0));
      } else if (event.key === 'ArrowUp' && open) {
        event.preventDefault();
        setActive((i) => (i <= 0 ? count - 1 : i - 1));
      }
    },
    onBlur: (_event: FocusEvent<HTMLInputElement>) => setDismissed(true),
    onFocus: (_event: FocusEvent<HTMLInputElement>) => setDismissed(false),
  } as const;

  const optionProps = (i: number) => ({
    id: optionId(i),
    role: 'option',
    'aria-selected': i === active,
    // Before the input's blur: a click chooses the game instead of closing the list.
    onMouseDown: (event: MouseEvent) => {
      event.preventDefault();
      if (i < games.length) onChoose(games[i]!);
      else onChoosePerson?.(people[i - games.length]!);
    },
    onMouseEnter: () => setActive(i),
  });

  const chosen = open && active >= 0 && active < games.length ? games[active] : undefined;
  const chosenPerson = open && active >= games.length ? people[active - games.length] : undefined;
  return { listId, query, games, people, nothingFound, unsure, open, active, chosen, chosenPerson, inputProps, optionProps };
}
