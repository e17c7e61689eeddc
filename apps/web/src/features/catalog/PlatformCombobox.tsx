import { useEffect, useId, useMemo, useState } from 'react';
import type { Platform } from './catalogApi';
import styles from './PlatformCombobox.module.css';

type PlatformChoice = Pick<Platform, 'slug' | 'name' | 'abbreviation' | 'alternative_name' | 'feat'>;

/** Lower case without accents, so "pokemon" finds "Pokémon mini". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * What the list offers for what was typed: the featured platforms first (in
 * the server's order, most games first), then every other one A–Z. A
 * platform matches on its name, abbreviation, other name or slug.
 */
export function platformGroups<P extends PlatformChoice>(platforms: P[], typed: string): { featured: P[]; others: P[] } {
  const words = fold(typed).split(/\s+/).filter(Boolean);
  const matches = (p: P) => {
    const text = fold([p.name, p.abbreviation, p.alternative_name, p.slug].filter(Boolean).join(' '));
    return words.every((w) => text.includes(w));
  };
  const found = platforms.filter(matches);
  return {
    featured: found.filter((p) => p.feat),
    others: found.filter((p) => !p.feat).sort((a, b) => byName.compare(a.name, b.name)),
  };
}

interface PlatformComboboxProps<P extends PlatformChoice> {
  /** The input's id, for the page's <label htmlFor>. */
  id: string;
  platforms: P[] | undefined;
  /** The chosen platform's slug; '' for any platform. */
  value: string;
  onChange: (slug: string) => void;
  /** aria-invalid and aria-describedby when the page has a message about the field. */
  inputProps?: { 'aria-invalid'?: true; 'aria-describedby'?: string };
}

const ANY = '';

/**
 * The /games platform filter: a searchable list of several hundred
 * platforms (the ARIA 1.2 combobox pattern with list autocomplete). Typing
 * filters the list; the arrow keys move through it, Enter chooses, Escape
 * closes it and puts back the current choice; leaving the box does the same.
 */
export function PlatformCombobox<P extends PlatformChoice>({ id, platforms, value, onChange, inputProps }: PlatformComboboxProps<P>) {
  const current = platforms?.find((p) => p.slug === value);
  const currentName = value === ANY ? '' : (current?.name ?? value);
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();

  const { featured, others } = useMemo(() => platformGroups(platforms ?? [], typed ?? ''), [platforms, typed]);
  // The options in the order the arrow keys walk them: "Any platform" (until something is typed), featured, the rest.
  const options: { slug: string; name: string }[] = useMemo(
    () => [...(typed ? [] : [{ slug: ANY, name: 'Any platform' }]), ...featured, ...others],
    [typed, featured, others],
  );
  const optionId = (slug: string) => `${listId}-${slug || 'any'}`;
  const activeOption = open ? options[active] : undefined;
  const activeId = activeOption ? optionId(activeOption.slug) : undefined;

  // The arrow keys walk a long list: keep the active option in view.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const close = () => {
    setOpen(false);
    setActive(-1);
    setTyped(null);
  };
  const choose = (slug: string) => {
    close();
    if (slug !== value) onChange(slug);
  };
  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
  };
  const indexOfValue = () => Math.max(0, options.findIndex((o) => o.slug === value));

  const renderOption = (option: { slug: string; name: string }) => {
    const index = options.indexOf(option);
    return (
      <li
        key={option.slug || 'any'}
        id={optionId(option.slug)}
        role="option"
        aria-selected={index === active}
        className={`${styles.option} ${option.slug === value ? styles.current : ''}`}
        // Before the input's blur: a click chooses instead of closing the list.
        onMouseDown={(event) => {
          event.preventDefault();
          choose(option.slug);
        }}
        onMouseEnter={() => setActive(index)}
      >
        {option.name}
      </li>
    );
  };

  const count = featured.length + others.length;
  return (
    <div className={styles.combobox}>
      <input
        {...inputProps}
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        placeholder="Any platform"
        className={styles.input}
        value={typed ?? currentName}
        onChange={(event) => {
          setTyped(event.target.value);
          setOpen(true);
          // The first match is ready for Enter.
          setActive(event.target.value.trim() ? 0 : -1);
        }}
        onClick={() => (open ? undefined : openAt(indexOfValue()))}
        onBlur={close}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            if (!open) openAt(event.altKey ? -1 : indexOfValue());
            else if (options.length > 0) setActive((i) => Math.min(options.length - 1, i + 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            if (!open) openAt(indexOfValue());
            else setActive((i) => Math.max(0, i - 1));
          } else if (event.key === 'Enter') {
            if (!open) return;
            // Never submits the filters form: Enter is "choose" here.
            event.preventDefault();
            if (activeOption) choose(activeOption.slug);
            else if (typed !== null && typed.trim() === '') choose(ANY);
            else close();
          } else if (event.key === 'Escape') {
            if (open || typed !== null) {
              event.preventDefault();
              close();
            }
          }
        }}
      />
      <span className={styles.chevron} aria-hidden="true" />
      <div id={listId} role="listbox" aria-label="Platforms" className={styles.list} hidden={!open}>
        {open && (
          <>
            {!typed && (
              <ul role="none" className={styles.group}>
                {renderOption(options[0]!)}
              </ul>
            )}
            {featured.length > 0 && (
              <ul role="group" aria-labelledby={`${listId}-featured`} className={styles.group}>
                <li role="presentation" id={`${listId}-featured`} className={styles.groupName}>
                  Featured
                </li>
                {featured.map(renderOption)}
              </ul>
            )}
            {others.length > 0 && (
              <ul role="group" aria-labelledby={`${listId}-others`} className={styles.group}>
                <li role="presentation" id={`${listId}-others`} className={styles.groupName}>
                  {featured.length > 0 ? 'Other platforms, A–Z' : 'Platforms, A–Z'}
                </li>
                {others.map(renderOption)}
              </ul>
            )}
          </>
        )}
      </div>
      {open && typed && count === 0 && <p className={styles.empty}>No platform matches “{typed}”.</p>}
      <span className={styles.srOnly} role="status">
        {open && typed ? `${count} ${count === 1 ? 'platform' : 'platforms'} found` : ''}
      </span>
    </div>
  );
}
