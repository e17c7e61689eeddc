import { MEMBER_PLATFORMS_MAX, MEMBER_PLATFORMS_MESSAGES, type MemberPlatform } from '@vgl/shared';
import { useId, useMemo, useState } from 'react';
import { FormSection } from '../../components/form/FormSection';
import { showToast } from '../../stores/toast';
import { usePlatforms, type Platform } from '../catalog/catalogApi';
import { toastFailure } from '../settings/toastFailure';
import styles from './releases.module.css';
import { useMemberPlatforms, useSaveMemberPlatforms } from './platformsApi';

const MATCHES_SHOWN = 12;
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
/** Folded for matching: "playstation 5" finds "PlayStation 5", "ps5" its abbreviation. */
const fold = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
const matches = (platform: Platform, query: string) => [platform.name, platform.abbreviation, platform.alternative_name].some((t) => t && fold(t).includes(query));

/**
 * Settings → Notifications → Your platforms: the platforms the member owns.
 * Featured platforms as a checklist, any other found by typing; release
 * alerts then say "out" for a release on one of them.
 */
export function PlatformsSection() {
  const owned = useMemberPlatforms();
  const catalog = usePlatforms();
  return (
    <FormSection title="Your platforms">
      <p className={styles.hint}>
        Pick the platforms you play on: release alerts then tell you when a game comes out on one of them, with its date there, and Coming up marks the games not
        announced for them. Pick none to hear of a game’s first release, whatever the platform.
      </p>
      {(owned.isPending || catalog.isPending) && <p role="status">Loading platforms…</p>}
      {(owned.isError || catalog.isError) && (
        <p className={styles.hint} role="alert">
          Your platforms could not be loaded. Please try again.
        </p>
      )}
      {owned.data && catalog.data && <PlatformsForm initial={owned.data} platforms={catalog.data} />}
    </FormSection>
  );
}

function PlatformsForm({ initial, platforms }: { initial: MemberPlatform[]; platforms: Platform[] }) {
  const id = useId();
  const [picked, setPicked] = useState(() => new Set(initial.map((p) => p.id)));
  const [query, setQuery] = useState('');
  const save = useSaveMemberPlatforms();
  const featured = useMemo(() => platforms.filter((p) => p.feat).sort(byName), [platforms]);
  const folded = fold(query);
  // Picked ones not in the checklist stay listed, so they can be unpicked; typing adds the best-known matches.
  const others = useMemo(() => {
    const shown = new Set(featured.map((p) => p.id));
    const kept = platforms.filter((p) => !shown.has(p.id) && picked.has(p.id)).sort(byName);
    const found = folded ? platforms.filter((p) => !shown.has(p.id) && !picked.has(p.id) && matches(p, folded)).slice(0, MATCHES_SHOWN) : [];
    return [...kept, ...found];
  }, [platforms, featured, picked, folded]);
  const full = picked.size >= MEMBER_PLATFORMS_MAX;

  const toggle = (platformId: number, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(platformId);
      else next.delete(platformId);
      return next;
    });

  const submit = () =>
    save.mutate([...picked], {
      onSuccess: (saved) => {
        setPicked(new Set(saved.map((p) => p.id)));
        showToast({ variant: 'success', text: MEMBER_PLATFORMS_MESSAGES.saved });
      },
      onError: (error) => toastFailure('Saving your platforms', error),
    });

  const box = (platform: Platform) => (
    <li key={platform.id}>
      <label className={styles.platform}>
        <input type="checkbox" checked={picked.has(platform.id)} disabled={full && !picked.has(platform.id)} onChange={(event) => toggle(platform.id, event.target.checked)} />
        {platform.name}
      </label>
    </li>
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset className={styles.platforms}>
        <legend>Common platforms</legend>
        <ul>{featured.map(box)}</ul>
      </fieldset>
      <label htmlFor={`${id}-find`} className={styles.findLabel}>
        Find another platform
      </label>
      <input
        id={`${id}-find`}
        className={`${styles.url} ${styles.find}`}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="e.g. Steam Deck, Game Boy, PS Vita"
        autoComplete="off"
      />
      {others.length > 0 && (
        <fieldset className={styles.platforms}>
          <legend>Other platforms</legend>
          <ul>{others.map(box)}</ul>
        </fieldset>
      )}
      {folded && others.every((p) => picked.has(p.id)) && <p className={styles.hint}>No other platform matches “{query}”.</p>}
      <p className={styles.hint} aria-live="polite">
        {picked.size === 0 ? 'None picked: alerts are for any platform.' : `${picked.size} picked${full ? ` (the most you can pick)` : ''}.`}
      </p>
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Save platforms
        </button>
      </div>
    </form>
  );
}
