import { SUBMISSION_LIMITS, submissionYearMax, type SubmissionConflict } from '@vgl/shared';
import { firstFieldErrors, gameSubmissionInputSchema } from '@vgl/shared/schemas';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/form/TextField';
import { ApiRequestError } from '../../lib/api';
import { closeModal } from '../../stores/modals';
import { showToast } from '../../stores/toast';
import { usePlatforms } from '../catalog/catalogApi';
import { PlatformCombobox } from '../catalog/PlatformCombobox';
import { conflictGame, useSubmitGame, type GameSubmissionForm } from './submissionsApi';
import styles from './submissions.module.css';

const MODAL = 'add-game';

interface AddGameDialogProps {
  initialName: string;
  onDone?: (() => void) | undefined;
}

/** "Add this game": name, year, platforms and a link; on success its page opens, where it can be logged at once. */
export function AddGameDialog(props: AddGameDialogProps) {
  return (
    <Modal name={MODAL} title="Add this game" wide>
      <AddGameForm {...props} />
    </Modal>
  );
}

/** Field messages by field: the zod schema's paths ("platforms.2") count for their field. */
function byField(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) out[path.split('.')[0]!] ??= message;
  return out;
}

export function AddGameForm({ initialName, onDone }: AddGameDialogProps) {
  const navigate = useNavigate();
  const submit = useSubmitGame();
  const platforms = usePlatforms();
  const [form, setForm] = useState<GameSubmissionForm>({ name: initialName, year: '', platforms: [], url: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [twin, setTwin] = useState<SubmissionConflict['game'] | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // After the dialog opens (its own effect focuses its first button), start in the name.
  useEffect(() => {
    const timer = window.setTimeout(() => formRef.current?.querySelector<HTMLInputElement>('input[name="name"]')?.focus());
    return () => window.clearTimeout(timer);
  }, []);

  const set = <K extends keyof GameSubmissionForm>(key: K, value: GameSubmissionForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const focusFirstError = () => window.setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const nameOf = (slug: string) => platforms.data?.find((p) => p.slug === slug)?.name ?? slug;

  async function send(event: FormEvent) {
    event.preventDefault();
    if (submit.isPending) return;
    setProblem(null);
    setTwin(null);
    // The same rules, and words, as the server's (packages/shared).
    const checked = gameSubmissionInputSchema.safeParse({ ...form, year: form.year.trim() || null, url: form.url.trim() || null });
    const local = checked.success ? {} : byField(firstFieldErrors(checked.error));
    setErrors(local);
    if (Object.keys(local).length > 0) return focusFirstError();
    try {
      const made = await submit.mutateAsync(form);
      closeModal(MODAL);
      showToast({ variant: 'success', text: `${made.name} is added: only you can see it until a moderator approves it.` });
      if (made.game) navigate(`/games/${made.game.slug}`);
      onDone?.();
    } catch (error) {
      const found = conflictGame(error);
      if (found) return setTwin(found);
      const fields = error instanceof ApiRequestError && error.body?.errors ? byField(error.body.errors) : {};
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        return focusFirstError();
      }
      setProblem(error instanceof ApiRequestError && error.body ? error.body.message : 'The game could not be added. Please try again.');
    }
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={(e) => void send(e)} noValidate>
      <p className={styles.lead}>You can log, rate and review it at once; others see it once a moderator approves it.</p>
      <TextField name="name" label="Name" value={form.name} maxLength={SUBMISSION_LIMITS.nameMaxLength} required error={errors.name} onChange={(e) => set('name', e.target.value)} />
      <TextField
        name="year"
        label="Release year"
        inputMode="numeric"
        value={form.year}
        maxLength={4}
        error={errors.year}
        hint={`Optional: ${SUBMISSION_LIMITS.yearMin} to ${submissionYearMax()}`}
        onChange={(e) => set('year', e.target.value)}
      />
      <div className={styles.platformField}>
        <label htmlFor="add-game-platform">Platforms</label>
        <PlatformCombobox
          id="add-game-platform"
          platforms={platforms.data}
          value=""
          onChange={(slug) => slug && !form.platforms.includes(slug) && set('platforms', [...form.platforms, slug])}
          inputProps={errors.platforms ? { 'aria-invalid': true, 'aria-describedby': 'add-game-platforms-note' } : { 'aria-describedby': 'add-game-platforms-note' }}
        />
        {form.platforms.length > 0 && (
          <ul className={styles.chips} aria-label="Chosen platforms">
            {form.platforms.map((slug) => (
              <li key={slug}>
                {nameOf(slug)}
                <button type="button" aria-label={`Remove ${nameOf(slug)}`} onClick={() => set('platforms', form.platforms.filter((s) => s !== slug))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <p id="add-game-platforms-note" className={errors.platforms ? styles.fieldError : styles.hint} role={errors.platforms ? 'alert' : undefined}>
          {errors.platforms ?? 'Optional: pick each one it came out on.'}
        </p>
      </div>
      <TextField
        name="url"
        label="Link"
        type="url"
        inputMode="url"
        value={form.url}
        maxLength={SUBMISSION_LIMITS.urlMaxLength}
        error={errors.url}
        hint="Optional: a store page, the publisher's site or a wiki (http or https), for the moderator."
        onChange={(e) => set('url', e.target.value)}
      />
      {twin && (
        <div className={styles.conflict} role="alert">
          <p>
            {twin.name}
            {twin.year !== null ? ` (${twin.year})` : ''} is already in the catalog.
          </p>
          <Link
            to={`/games/${twin.slug}`}
            onClick={() => {
              closeModal(MODAL);
              onDone?.();
            }}
          >
            Go to {twin.name}
          </Link>
          {form.year.trim() === '' && <p className={styles.hint}>If yours is another game of that name, add its release year.</p>}
        </div>
      )}
      {problem && (
        <p className={styles.fieldError} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="button" className="button button-ghost" onClick={() => closeModal(MODAL)}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" aria-disabled={submit.isPending || undefined}>
          {submit.isPending ? 'Adding…' : 'Add game'}
        </button>
      </div>
    </form>
  );
}
