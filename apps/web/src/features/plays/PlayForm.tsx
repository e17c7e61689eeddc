import { COMPLETION_LABELS, COMPLETION_LEVELS, LIBRARY_LIMITS, type Completion, type Play } from '@vgl/shared';
import { useEffect, useRef, type FormEvent } from 'react';
import { RatingInput } from '../../components/RatingInput';
import { TextField } from '../../components/form/TextField';
import type { LibraryFormGame } from '../library/LibraryEntryForm';
import styles from '../library/LibraryEntryForm.module.css';
import { playLabel } from './playLabels';
import { usePlayForm } from './usePlayForm';

interface PlayFormProps {
  username: string;
  game: LibraryFormGame;
  /** The play to edit; null logs a new one. */
  play: Play | null;
  /** A new play is the game's first (it has none yet), not a replay. */
  first?: boolean;
}

const count = (n: number) => n.toLocaleString('en-US');
/** Today in the user's time zone, as the date inputs write it. */
const today = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className={styles.error} role="alert">
      {error}
    </p>
  ) : null;
}

/**
 * One play's form (opened in the "play-form" modal): its dates, platform,
 * completion (once it has a finish), rating and review. Loaded lazily, since
 * it brings the zod schema with it.
 */
export function PlayForm({ username, game, play, first = false }: PlayFormProps) {
  const form = usePlayForm(username, game.slug, play);
  const { values, errors, set } = form;
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (form.failedSubmits === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input, #play-form-error')?.focus();
  }, [form.failedSubmits]);

  // A platform the game no longer lists stays choosable, so a save keeps it.
  const platforms = play?.platform && !game.platforms.some((p) => p.slug === play.platform!.slug) ? [...game.platforms, play.platform] : game.platforms;
  const reviewLength = values.review.trim().length;
  const replay = play ? play.replay : !first;
  const name = play ? playLabel(play) : replay ? 'Replay' : 'Play';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.save();
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-busy={form.busy} aria-label={`${name} of ${game.name}`}>
      {form.formError && (
        <p id="play-form-error" className={styles.error} role="alert" tabIndex={-1}>
          {form.formError}
        </p>
      )}
      <div className={styles.row}>
        <TextField name="startedOn" label="Started" type="date" max={today()} value={values.startedOn} onChange={(e) => set('startedOn', e.target.value)} error={errors.startedOn} />
        <TextField name="finishedOn" label="Finished" type="date" max={today()} value={values.finishedOn} onChange={(e) => set('finishedOn', e.target.value)} error={errors.finishedOn} />
      </div>

      {platforms.length > 0 && (
        <div className={styles.field}>
          <label htmlFor="play-platform">Platform</label>
          <select
            id="play-platform"
            name="platform"
            value={values.platform}
            onChange={(event) => set('platform', event.target.value)}
            aria-invalid={Boolean(errors.platform)}
            aria-describedby={errors.platform ? 'play-platform-error' : undefined}
          >
            <option value="">Not said</option>
            {platforms.map((platform) => (
              <option key={platform.slug} value={platform.slug}>
                {platform.name}
              </option>
            ))}
          </select>
          <FieldError id="play-platform-error" error={errors.platform} />
        </div>
      )}

      {values.finishedOn !== '' && (
        <fieldset className={styles.group} aria-describedby={errors.completion ? 'play-completion-error' : undefined} data-invalid={errors.completion ? true : undefined}>
          <legend>Completion</legend>
          <div className={styles.options}>
            {[{ level: null, label: 'Not said' }, ...COMPLETION_LEVELS.map((level) => ({ level, label: COMPLETION_LABELS[level] }))].map(({ level, label }) => (
              <label key={label} className={styles.option}>
                <input type="radio" name="completion" value={level ?? ''} checked={values.completion === level} onChange={() => set('completion', level as Completion | null)} />
                {label}
              </label>
            ))}
          </div>
          <FieldError id="play-completion-error" error={errors.completion} />
        </fieldset>
      )}

      <div className={styles.group} data-invalid={errors.rating ? true : undefined}>
        <RatingInput name="play-rating" value={values.rating} onChange={(rating) => set('rating', rating)} />
        <FieldError id="play-rating-error" error={errors.rating} />
      </div>

      <div className={styles.field}>
        <label htmlFor="play-review">Review</label>
        <textarea
          id="play-review"
          name="review"
          rows={6}
          value={values.review}
          onChange={(event) => set('review', event.target.value)}
          aria-invalid={Boolean(errors.review)}
          aria-describedby={`play-review-hint play-review-count${errors.review ? ' play-review-error' : ''}`}
        />
        <div className={styles.reviewNotes}>
          <p id="play-review-hint" className={styles.hint}>
            {replay ? 'This play’s review gets a page of its own.' : 'This is the game’s main review, at its usual address.'}
          </p>
          <p id="play-review-count" className={reviewLength > LIBRARY_LIMITS.reviewMaxLength ? styles.error : styles.hint}>
            {count(reviewLength)} / {count(LIBRARY_LIMITS.reviewMaxLength)} characters
          </p>
        </div>
        <FieldError id="play-review-error" error={errors.review} />
      </div>
      <div className={styles.check}>
        <input
          id="play-spoilers"
          type="checkbox"
          checked={values.spoilers}
          onChange={(event) => set('spoilers', event.target.checked)}
          aria-invalid={Boolean(errors.spoilers)}
          aria-describedby={`play-spoilers-hint${errors.spoilers ? ' play-spoilers-error' : ''}`}
        />
        <label htmlFor="play-spoilers">Contains spoilers</label>
        <p id="play-spoilers-hint" className={styles.hint}>
          Readers see the review blurred until they choose to read it.
        </p>
        <FieldError id="play-spoilers-error" error={errors.spoilers} />
      </div>

      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={form.busy}>
          Save play
        </button>
      </div>
    </form>
  );
}
