import { LIBRARY_LIMITS, PLAY_STATUS, PLAY_STATUSES, PLAY_STATUS_DESCRIPTIONS, PLAY_STATUS_LABELS, type LibraryEntry, type PlayStatus } from '@vgl/shared';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { RatingInput } from '../../components/RatingInput';
import { TextField } from '../../components/form/TextField';
import { Check, CompletionOptions, count, GroupError, ReviewField, today } from './formParts';
import styles from './LibraryEntryForm.module.css';
import { useLibraryEntryForm, type LibraryFormValues } from './useLibraryEntryForm';

export interface LibraryFormGame {
  slug: string;
  name: string;
  platforms: { slug: string; name: string }[];
}

interface LibraryEntryFormProps {
  username: string;
  game: LibraryFormGame;
  /** The current entry; null adds the game to the library. */
  entry: LibraryEntry | null;
}

/** Each status with its meaning, shown under it (issue 38), in the pickers' order. */
const STATUSES: { code: PlayStatus | null; label: string; hint: string }[] = [
  { code: null, label: 'No status', hint: 'Only rated or reviewed.' },
  ...PLAY_STATUSES.map((code) => ({ code, label: PLAY_STATUS_LABELS[code], hint: PLAY_STATUS_DESCRIPTIONS[code] })),
];

function Fieldset({ legend, error, errorId, children }: { legend: string; error?: string | undefined; errorId: string; children: ReactNode }) {
  return (
    <fieldset className={styles.group} aria-describedby={error ? errorId : undefined} data-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {children}
      <GroupError id={errorId} error={error} />
    </fieldset>
  );
}

/**
 * The library form of the game page (opened in the "library-entry" modal):
 * status, rating, platforms, review, private note, dates, hours, favourite and replay.
 * Loaded lazily, since it brings the zod schema with it.
 */
export function LibraryEntryForm({ username, game, entry }: LibraryEntryFormProps) {
  const form = useLibraryEntryForm(username, game.slug, entry);
  const { values, errors, set } = form;
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (form.failedSubmits === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input')?.focus();
  }, [form.failedSubmits]);

  useEffect(() => {
    if (confirmingRemoval) confirmRef.current?.focus();
  }, [confirmingRemoval]);

  // Platforms of the entry the game no longer lists stay choosable, so a save keeps them.
  const platforms = [...game.platforms, ...values.platforms.filter((p) => !game.platforms.some((g) => g.slug === p)).map((slug) => ({ slug, name: slug }))];
  const togglePlatform = (slug: string, on: boolean) =>
    set('platforms', on ? [...values.platforms, slug] : values.platforms.filter((p) => p !== slug));
  const notesLength = values.notes.trim().length;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.save();
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-busy={form.busy} aria-label={`Library entry for ${game.name}`}>
      <Fieldset legend="Status" error={errors.status} errorId="library-status-error">
        <div className={styles.statusOptions}>
          {STATUSES.map(({ code, label, hint }) => (
            <div key={label} className={styles.statusOption}>
              <label className={styles.option}>
                <input
                  type="radio"
                  name="status"
                  value={code ?? ''}
                  checked={values.status === code}
                  onChange={() => set('status', code)}
                  aria-describedby={`library-status-hint-${code ?? 'none'}`}
                />
                {label}
              </label>
              <span id={`library-status-hint-${code ?? 'none'}`} className={styles.statusHint}>
                {hint}
              </span>
            </div>
          ))}
        </div>
      </Fieldset>

      {values.status === PLAY_STATUS.beaten && (
        <Fieldset legend="How much of it" error={errors.completion} errorId="library-completion-error">
          <CompletionOptions value={values.completion} onChange={(level) => set('completion', level)} />
        </Fieldset>
      )}

      <Ownership status={values.status} owned={values.owned} onChange={(owned) => set('owned', owned)} error={errors.owned} />

      <div className={styles.group} data-invalid={errors.rating ? true : undefined}>
        <RatingInput name="rating" value={values.rating} onChange={(rating) => set('rating', rating)} />
        <GroupError id="library-rating-error" error={errors.rating} />
      </div>

      {platforms.length > 0 && (
        <Fieldset legend="Platforms" error={errors.platforms} errorId="library-platforms-error">
          <div className={styles.options}>
            {platforms.map((platform) => (
              <label key={platform.slug} className={styles.option}>
                <input
                  type="checkbox"
                  name="platforms"
                  value={platform.slug}
                  checked={values.platforms.includes(platform.slug)}
                  onChange={(event) => togglePlatform(platform.slug, event.target.checked)}
                />
                {platform.name}
              </label>
            ))}
          </div>
        </Fieldset>
      )}

      <ReviewField
        id="library-review"
        value={values.review}
        onChange={(review) => set('review', review)}
        hint={'**bold**, *italic*, ~~strike~~, and "> " at the start of a line for a quote.'}
        error={errors.review}
      />
      <Check
        id="library-spoilers"
        label="Contains spoilers"
        hint="Readers see the review blurred until they choose to read it."
        checked={values.spoilers}
        onChange={(on) => set('spoilers', on)}
        error={errors.spoilers}
      />
      <div className={styles.field}>
        <label htmlFor="library-review-visibility">Who can read the review</label>
        <select
          id="library-review-visibility"
          name="reviewVisibility"
          value={values.reviewVisibility}
          onChange={(event) => set('reviewVisibility', event.target.value as LibraryFormValues['reviewVisibility'])}
        >
          <option value="public">Everyone</option>
          <option value="followers">Your followers</option>
          <option value="private">Only you</option>
        </select>
      </div>

      <div className={styles.field}>
        <label htmlFor="library-notes">Private note</label>
        <textarea
          id="library-notes"
          name="notes"
          rows={3}
          value={values.notes}
          onChange={(event) => set('notes', event.target.value)}
          aria-invalid={Boolean(errors.notes)}
          aria-describedby={`library-notes-hint library-notes-count${errors.notes ? ' library-notes-error' : ''}`}
        />
        <div className={styles.reviewNotes}>
          <p id="library-notes-hint" className={styles.hint}>
            Only you can see this.
          </p>
          <p id="library-notes-count" className={notesLength > LIBRARY_LIMITS.entryNotesMaxLength ? styles.error : styles.hint}>
            {count(notesLength)} / {count(LIBRARY_LIMITS.entryNotesMaxLength)} characters
          </p>
        </div>
        <GroupError id="library-notes-error" error={errors.notes} />
      </div>

      <div className={styles.row}>
        <TextField name="startedOn" label="Started" type="date" max={today()} value={values.startedOn} onChange={(e) => set('startedOn', e.target.value)} error={errors.startedOn} />
        <TextField name="finishedOn" label="Finished" type="date" max={today()} value={values.finishedOn} onChange={(e) => set('finishedOn', e.target.value)} error={errors.finishedOn} />
      </div>
      <TextField
        name="hours"
        label="Hours played"
        type="number"
        inputMode="decimal"
        min={0}
        max={LIBRARY_LIMITS.maxHours}
        step="any"
        value={values.hours}
        onChange={(e) => set('hours', e.target.value)}
        error={errors.hours}
        hint={hoursHint(entry)}
      />

      <Check id="library-favourite" label="Favourite" hint={`Show on my profile, up to ${LIBRARY_LIMITS.favourites}.`} checked={values.favourite} onChange={(v) => set('favourite', v)} error={errors.favourite} />
      {entry && (
        <Check
          id="library-replay"
          label="This is a replay"
          hint="The dates start a new play-through; earlier ones stay in your diary."
          checked={values.replay}
          onChange={(v) => set('replay', v)}
          error={errors.replay}
        />
      )}

      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={form.busy}>
          Save
        </button>
        {entry && (
          <button
            ref={removeRef}
            type="button"
            className="button button-ghost"
            onClick={() => setConfirmingRemoval(true)}
            disabled={form.busy}
            aria-expanded={confirmingRemoval}
            aria-controls="library-remove-confirm"
          >
            Remove from library
          </button>
        )}
      </div>
      {entry && confirmingRemoval && (
        <div id="library-remove-confirm" className={styles.confirm} role="group" aria-labelledby="library-remove-question">
          <p id="library-remove-question">Remove {game.name} from your library? Its rating, review and diary entries are deleted too.</p>
          <div className={styles.actions}>
            <button ref={confirmRef} type="button" className={`button ${styles.danger}`} onClick={() => void form.remove()} disabled={form.busy}>
              Yes, remove
            </button>
            <button
              type="button"
              className="button button-ghost"
              onClick={() => {
                setConfirmingRemoval(false);
                removeRef.current?.focus();
              }}
            >
              Keep it
            </button>
          </div>
        </div>
      )}
    </form>
  );
}

/** The form's hours are one diary entry's; the game's time played adds up all of them (sessions included). */
function hoursHint(entry: LibraryEntry | null): string {
  const kept = 'Kept with the Finished date in your diary.';
  if (!entry || entry.sessions === 0 || entry.totalHours === null) return kept;
  const sessions = `${count(entry.sessions)} ${entry.sessions === 1 ? 'entry' : 'entries'}`;
  return `${kept} Your diary has ${sessions} of this game, ${entry.totalHours.toLocaleString('en-US')} hours in all.`;
}

interface OwnershipProps {
  status: PlayStatus | null;
  owned: boolean | null;
  onChange: (owned: boolean) => void;
  error: string | undefined;
}

/**
 * Whether the member has the game. For a game they want to play it decides
 * the shelf: backlog (have it; not said counts as backlog) or wishlist.
 * Otherwise it is a plain "I have it" box.
 */
function Ownership({ status, owned, onChange, error }: OwnershipProps) {
  if (status === PLAY_STATUS.wantToPlay) {
    return (
      <Fieldset legend="Backlog or wishlist" error={error} errorId="library-owned-error">
        <div className={styles.options}>
          <label className={styles.option}>
            <input type="radio" name="owned" value="yes" checked={owned !== false} onChange={() => onChange(true)} />
            Backlog: I have it
          </label>
          <label className={styles.option}>
            <input type="radio" name="owned" value="no" checked={owned === false} onChange={() => onChange(false)} />
            Wishlist: I don&apos;t have it yet
          </label>
        </div>
        <p className={`${styles.hint} ${styles.groupHint}`}>The platforms below say which ones you have it on, or want it on.</p>
      </Fieldset>
    );
  }
  return <Check id="library-owned" label="I have this game" hint="Tick the platforms you have it on." checked={owned === true} onChange={onChange} error={error} />;
}
