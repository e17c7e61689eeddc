import { useQueryClient } from '@tanstack/react-query';
import { LIBRARY_LIMITS, type DiaryEntry, type PlatformRef } from '@vgl/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiRequestError } from '../../lib/api';
import { showToast } from '../../stores/toast';
import { GamePicker } from './GamePicker';
import { invalidateSession, logSessionOrKeep, updateSession, useGamePlatforms } from './journalApi';
import { OUTBOX_TEXTS } from '../offline/outbox';
import { useAuth } from '../../stores/auth';
import { initialSession, readSession, sessionErrorsFrom, today, type SessionErrors, type SessionField, type SessionValues } from './sessionForm';
import styles from './journal.module.css';

export interface SessionGame {
  slug: string;
  name: string;
  platforms: PlatformRef[];
}

interface SessionFormProps {
  username: string;
  /** The game, when the form is opened from its page; else the member picks one (or edits `entry`'s). */
  game?: SessionGame;
  /** The diary entry to edit; null logs a new session. */
  entry: DiaryEntry | null;
  /** After a save, with what the server answered; null when a new session was kept on the device to send later. */
  onSaved: (entry: DiaryEntry | null) => void;
  onCancel: () => void;
  /** In place of a diary row rather than in the modal: drawn as a panel, its first field focused when it opens. */
  inline?: boolean;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * A play session: day, hours and minutes, platform, note, finished and
 * replay. Logs a new one (POST) or edits a diary entry in place (PUT); the
 * server's messages land on the fields they are about.
 */
export function SessionForm({ username, game, entry, onSaved, onCancel, inline = false }: SessionFormProps) {
  const client = useQueryClient();
  const memberId = useAuth((s) => s.user?.id);
  const id = useId();
  const [values, setValues] = useState<SessionValues>(() => initialSession(entry, game?.slug));
  const [gameName, setGameName] = useState(game?.name ?? entry?.game.name ?? '');
  const [errors, setErrors] = useState<SessionErrors>({});
  const [busy, setBusy] = useState(false);
  const [failedSubmits, setFailedSubmits] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const platforms = usePlatformsOf(values.game, game, entry);

  useEffect(() => {
    if (failedSubmits > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedSubmits]);

  useEffect(() => {
    if (inline) formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [inline]);

  const set = <K extends SessionField>(field: K, value: SessionValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };
  const fieldId = (field: SessionField) => `${id}-${field}`;
  const described = (field: SessionField, hint?: string) => [hint, errors[field] ? `${fieldId(field)}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const errorOf = (field: SessionField) =>
    errors[field] ? (
      <p id={`${fieldId(field)}-error`} className={styles.error} role="alert">
        {errors[field]}
      </p>
    ) : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readSession(values, entry);
    if ('errors' in read) {
      setErrors(read.errors);
      setFailedSubmits((n) => n + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      let saved: DiaryEntry;
      if (entry) saved = await updateSession(username, entry.id, read.body);
      else {
        const result = await logSessionOrKeep(client, memberId, username, read.body, gameName || read.body.game);
        if (result.kept) {
          // No connection: the session waits on the device (features/offline) and the page already counts it.
          showToast({ variant: 'info', head: 'Offline', text: OUTBOX_TEXTS.kept });
          onSaved(null);
          return;
        }
        saved = result.data;
      }
      showToast({ variant: 'success', text: entry ? 'The diary entry is saved.' : `Your session of ${saved.game.name} is in your diary.` });
      await invalidateSession(client, username, saved.game.slug);
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiRequestError && error.body) {
        setErrors(sessionErrorsFrom(error.body.errors ?? {}));
        setFailedSubmits((n) => n + 1);
        showToast({ variant: 'alert', text: error.body.message });
      } else {
        console.error('Saving the session failed', error);
        showToast({ variant: 'alert' });
      }
    } finally {
      setBusy(false);
    }
  };

  const noteLength = values.note.trim().length;
  const label = entry ? `Edit the diary entry for ${entry.game.name}` : game ? `Log a session of ${game.name}` : 'Log a play session';
  return (
    <form ref={formRef} className={`${styles.form} ${inline ? styles.inline : styles.inModal}`} onSubmit={onSubmit} noValidate aria-busy={busy} aria-label={label}>
      {entry && inline && (
        <p className={styles.chosen}>
          <span>
            Editing <strong>{entry.game.name}</strong>
          </span>
        </p>
      )}
      {!game && !entry && (
        <GamePicker
          chosen={values.game ? { slug: values.game, name: gameName } : null}
          onChoose={(chosen) => {
            set('game', chosen?.slug ?? '');
            set('platform', '');
            setGameName(chosen?.name ?? '');
          }}
          error={errors.game}
        />
      )}
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={fieldId('playedOn')}>Date</label>
          <input
            id={fieldId('playedOn')}
            type="date"
            max={today()}
            min="1950-01-01"
            required
            value={values.playedOn}
            onChange={(e) => set('playedOn', e.target.value)}
            aria-invalid={Boolean(errors.playedOn)}
            aria-describedby={described('playedOn')}
          />
          {errorOf('playedOn')}
        </div>
        <div className={styles.field}>
          <label htmlFor={fieldId('hours')}>Hours</label>
          <input
            id={fieldId('hours')}
            type="number"
            inputMode="numeric"
            min={0}
            max={24}
            step={1}
            value={values.hours}
            onChange={(e) => set('hours', e.target.value)}
            aria-invalid={Boolean(errors.hours)}
            aria-describedby={described('hours')}
          />
          {errorOf('hours')}
        </div>
        <div className={styles.field}>
          <label htmlFor={fieldId('minutes')}>Minutes</label>
          <input
            id={fieldId('minutes')}
            type="number"
            inputMode="numeric"
            min={0}
            max={59}
            step={1}
            value={values.minutes}
            onChange={(e) => set('minutes', e.target.value)}
            aria-invalid={Boolean(errors.minutes)}
            aria-describedby={described('minutes')}
          />
          {errorOf('minutes')}
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor={fieldId('platform')}>Platform</label>
        <select
          id={fieldId('platform')}
          value={values.platform}
          onChange={(e) => set('platform', e.target.value)}
          aria-invalid={Boolean(errors.platform)}
          aria-describedby={described('platform')}
        >
          <option value="">Not said</option>
          {platforms.map((platform) => (
            <option key={platform.slug} value={platform.slug}>
              {platform.name}
            </option>
          ))}
        </select>
        {errorOf('platform')}
      </div>
      <div className={styles.field}>
        <label htmlFor={fieldId('note')}>Note</label>
        <textarea
          id={fieldId('note')}
          rows={3}
          value={values.note}
          onChange={(e) => set('note', e.target.value)}
          aria-invalid={Boolean(errors.note)}
          aria-describedby={described('note', `${fieldId('note')}-count`)}
        />
        <div className={styles.noteFoot}>
          {errorOf('note') ?? <span />}
          <p id={`${fieldId('note')}-count`} className={noteLength > LIBRARY_LIMITS.noteMaxLength ? styles.error : styles.hint}>
            {count(noteLength)} / {count(LIBRARY_LIMITS.noteMaxLength)} characters
          </p>
        </div>
      </div>
      <div className={styles.checks}>
        <label className={styles.check}>
          <input type="checkbox" checked={values.finished} onChange={(e) => set('finished', e.target.checked)} />I finished the game
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={values.replay} onChange={(e) => set('replay', e.target.checked)} />
          This is a replay
        </label>
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={busy}>
          {entry ? 'Save' : 'Log session'}
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The platforms to choose from: the game's (from its page, or fetched for a picked or edited game), plus the entry's own. */
function usePlatformsOf(slug: string, game: SessionGame | undefined, entry: DiaryEntry | null): PlatformRef[] {
  const fetched = useGamePlatforms(game ? '' : slug);
  const list: PlatformRef[] = game?.platforms ?? fetched.data ?? [];
  const own = entry?.platform;
  return own && !list.some((p) => p.slug === own.slug) ? [...list, own] : list;
}
