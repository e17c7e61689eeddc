import { useQueryClient } from '@tanstack/react-query';
import { COMPLETION_LABELS, COMPLETION_LEVELS, PLAY_STATUS, PLAY_STATUSES, PLAY_STATUS_DESCRIPTIONS, PLAY_STATUS_LABELS, formatMinutes, type Completion, type LibraryEntry } from '@vgl/shared';
// Type only: the game page does not load zod.
import type { LibraryEntryInput } from '@vgl/shared/schemas';
import { useId, useState } from 'react';
import { RatingInput, starsLabel } from '../../components/RatingInput';
import { ApiRequestError } from '../../lib/api';
import { showToast } from '../../stores/toast';
import { useAuth } from '../../stores/auth';
import type { GameDetails } from '../catalog/catalogApi';
import { OUTBOX_TEXTS } from '../offline/outbox';
import { invalidateGameLibrary, libraryKeys, saveLibraryEntryOrKeep, useLibraryEntry } from './libraryApi';
import styles from './QuickLog.module.css';

/**
 * The entry as the library PUT takes it (the PUT replaces every field, so all of them go back),
 * but the private note and the completion level: left out, the server keeps them (the level while the game stays
 * Beaten), so a one-click save never wipes one edited elsewhere nor sends a level with another status.
 */
export function entryInput(entry: LibraryEntry | null): LibraryEntryInput {
  return {
    status: entry?.status ?? null,
    rating: entry?.rating ?? null,
    platforms: entry?.platform ?? [],
    review: entry?.review ?? null,
    startedOn: entry?.startedOn ?? null,
    finishedOn: entry?.finishedOn ?? null,
    favourite: entry?.favourite ?? false,
    replay: false,
    hours: entry?.hours ?? null,
    owned: entry?.owned ?? null,
  };
}

/** Where imported playtime was counted, as the line reads it: "42 h on Steam". */
const PLAYTIME_SOURCES: Record<string, string> = { steam: 'on Steam', playnite: 'in Playnite', hltb: 'on HowLongToBeat' };

/** Another service's count of the time played, with its name; null without one. */
export function playtimeLabel(entry: Pick<LibraryEntry, 'playtimeMinutes' | 'playtimeSource'>): string | null {
  if (entry.playtimeMinutes === null || entry.playtimeMinutes <= 0) return null;
  const source = entry.playtimeSource ? (PLAYTIME_SOURCES[entry.playtimeSource] ?? `from ${entry.playtimeSource}`) : null;
  return source ? `${formatMinutes(entry.playtimeMinutes)} ${source}` : formatMinutes(entry.playtimeMinutes);
}

const dateLabel = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** What the member's own entry says, in one line: "Beaten · ★ 4 · started Jan 2, 2024 · 3 sessions, 14.5 h · 42 h on Steam". */
export function entrySummary(entry: LibraryEntry): string {
  const parts = [
    entry.status ? PLAY_STATUS_LABELS[entry.status] : null,
    entry.status === PLAY_STATUS.beaten && entry.completion ? COMPLETION_LABELS[entry.completion] : null,
    entry.status === PLAY_STATUS.wantToPlay && entry.owned !== null ? (entry.owned ? 'in your backlog' : 'on your wishlist') : null,
    entry.rating ? starsLabel(entry.rating) : null,
    entry.startedOn ? `started ${dateLabel(entry.startedOn)}` : null,
    entry.finishedOn ? `finished ${dateLabel(entry.finishedOn)}` : null,
    entry.sessions > 0 ? `${entry.sessions} ${entry.sessions === 1 ? 'session' : 'sessions'}${entry.totalHours !== null ? `, ${entry.totalHours} h` : ''}` : null,
    entry.sessions === 0 && entry.hours !== null ? `${entry.hours} h` : null,
    playtimeLabel(entry),
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * One-click logging on the game page: a play status and stars that save at
 * once (the full form stays for dates, platforms and the review), and what
 * the member's entry says. A click on the status already set clears it.
 */
export function QuickLog({ username, slug, entry }: { username: string; slug: string; entry: LibraryEntry | null }) {
  const client = useQueryClient();
  const memberId = useAuth((s) => s.user?.id);
  const [saving, setSaving] = useState(false);
  // Shown at once while the save is on its way (and dropped if it fails).
  const [pending, setPending] = useState<Partial<LibraryEntryInput>>({});

  const hintIds = useId();
  const save = async (change: Pick<LibraryEntryInput, 'status'> | Pick<LibraryEntryInput, 'rating'> | Pick<LibraryEntryInput, 'status' | 'completion'>, done: string) => {
    setSaving(true);
    setPending(change);
    let kept = false;
    try {
      const gameName = client.getQueryData<GameDetails>(['game', slug])?.name ?? slug;
      const label = 'rating' in change ? `Rating of ${gameName}` : `Status of ${gameName}`;
      const result = await saveLibraryEntryOrKeep(client, memberId, { username, slug, label }, { ...entryInput(entry), ...change }, change);
      if (result.kept) {
        // No connection: the change waits on the device (features/offline); the stars and status show it meanwhile.
        kept = true;
        showToast({ variant: 'info', head: 'Offline', text: OUTBOX_TEXTS.kept });
        return;
      }
      client.setQueryData(libraryKeys.entry(username, slug), result.data);
      await invalidateGameLibrary(client, username, slug);
      showToast({ variant: 'success', text: done });
    } catch (error) {
      showToast({ variant: 'alert', ...(error instanceof ApiRequestError && error.body ? { text: error.body.message } : {}) });
    } finally {
      setSaving(false);
      // A change kept for a game not yet in the library has no cached entry to show it: it stays shown from here.
      if (!kept || entry) setPending({});
    }
  };
  const statusShown = 'status' in pending ? pending.status : entry?.status;
  const rating = 'rating' in pending ? pending.rating : entry?.rating;

  return (
    <div className={styles.quick}>
      <div role="group" aria-label="Play status" className={styles.statuses}>
        {PLAY_STATUSES.map((status) => {
          const active = statusShown === status;
          const hint = `${hintIds}-${status}`;
          return (
            <div key={status} className={styles.statusOption}>
              <button
                type="button"
                className={styles.status}
                aria-pressed={active}
                aria-describedby={hint}
                disabled={saving}
                onClick={() => save({ status: active ? null : status }, active ? 'Status cleared.' : `Marked as ${PLAY_STATUS_LABELS[status].toLowerCase()}.`)}
              >
                {PLAY_STATUS_LABELS[status]}
              </button>
              <span id={hint} className={styles.statusHint}>
                {PLAY_STATUS_DESCRIPTIONS[status]}
              </span>
            </div>
          );
        })}
      </div>
      {statusShown === PLAY_STATUS.beaten && (
        <label className={styles.completion}>
          How much of it
          <select
            value={('completion' in pending ? pending.completion : entry?.completion) ?? ''}
            disabled={saving}
            onChange={(event) => {
              const completion = (event.target.value || null) as Completion | null;
              void save({ status: PLAY_STATUS.beaten, completion }, completion ? `Beaten: ${COMPLETION_LABELS[completion].toLowerCase()}.` : 'Completion cleared.');
            }}
          >
            <option value="">Not said</option>
            {COMPLETION_LEVELS.map((level) => (
              <option key={level} value={level}>
                {COMPLETION_LABELS[level]}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className={styles.stars}>
        <RatingInput legend="Your rating" value={rating ?? null} onChange={(next) => void save({ rating: next }, next ? `Rated ${starsLabel(next)}.` : 'Rating cleared.')} />
      </div>
      {entry && <p className={styles.summary}>Your entry: {entrySummary(entry) || 'in your library'}</p>}
      {entry?.notes && (
        <details className={styles.note}>
          <summary>Note</summary>
          {/* Text, never HTML: an imported note is whatever the other tracker held. */}
          <p>{entry.notes}</p>
        </details>
      )}
    </div>
  );
}

/** QuickLog for the signed-in member, once their entry for the game is known; nothing for visitors. */
export function QuickLogControl({ slug }: { slug: string }) {
  const username = useAuth((s) => s.user?.username);
  const entry = useLibraryEntry(username, slug);
  if (!username || !entry.isSuccess) return null;
  return <QuickLog username={username} slug={slug} entry={entry.data} />;
}
