import type { Play } from '@vgl/shared';
import { useEffect, useRef, type FormEvent } from 'react';
import { RatingInput } from '../../components/RatingInput';
import { TextField } from '../../components/form/TextField';
import type { LibraryFormGame } from '../library/LibraryEntryForm';
import { Check, CompletionOptions, GroupError, ReviewField, today } from '../library/formParts';
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
          <GroupError id="play-platform-error" error={errors.platform} />
        </div>
      )}

      {values.finishedOn !== '' && (
        <fieldset className={styles.group} aria-describedby={errors.completion ? 'play-completion-error' : undefined} data-invalid={errors.completion ? true : undefined}>
          <legend>Completion</legend>
          <CompletionOptions value={values.completion} onChange={(level) => set('completion', level)} />
          <GroupError id="play-completion-error" error={errors.completion} />
        </fieldset>
      )}

      <div className={styles.group} data-invalid={errors.rating ? true : undefined}>
        <RatingInput name="play-rating" value={values.rating} onChange={(rating) => set('rating', rating)} />
        <GroupError id="play-rating-error" error={errors.rating} />
      </div>

      <ReviewField
        id="play-review"
        value={values.review}
        onChange={(review) => set('review', review)}
        hint={replay ? 'This play’s review gets a page of its own.' : 'This is the game’s main review, at its usual address.'}
        error={errors.review}
      />
      <Check
        id="play-spoilers"
        label="Contains spoilers"
        hint="Readers see the review blurred until they choose to read it."
        checked={values.spoilers}
        onChange={(on) => set('spoilers', on)}
        error={errors.spoilers}
      />

      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={form.busy}>
          Save play
        </button>
      </div>
    </form>
  );
}
