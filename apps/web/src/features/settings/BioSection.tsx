import { SETTINGS_MESSAGES } from '@vgl/shared';
import { useId, useState, type FormEvent } from 'react';
import { FormSection } from '../../components/form/FormSection';
import { showToast } from '../../stores/toast';
import { serverFieldErrors } from './fieldErrors';
import styles from './settings.module.css';
import { BIO_MAX_LENGTH, useSaveBio } from './settingsApi';
import { toastFailure } from './toastFailure';

const TOO_LONG = SETTINGS_MESSAGES.bioTooLong;

/** The bio: a textarea with a counter, the review text rules (SPEC §5) and Save. */
export function BioSection({ username, bio }: { username: string; bio: string | null }) {
  const id = useId();
  const [text, setText] = useState(bio ?? '');
  const [error, setError] = useState<string>();
  const save = useSaveBio(username);
  const over = text.trim().length > BIO_MAX_LENGTH;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (over) return setError(TOO_LONG);
    try {
      const saved = await save.mutateAsync(text);
      setText(saved.bio ?? '');
      showToast({ variant: 'success' });
    } catch (saveError) {
      setError(serverFieldErrors(saveError).bio);
      toastFailure('Saving the bio', saveError);
    }
  };

  return (
    <FormSection title="Bio">
      <form onSubmit={submit} noValidate aria-busy={save.isPending}>
        <div className={styles.field}>
          <label htmlFor={`${id}-bio`}>About you</label>
          <textarea
            id={`${id}-bio`}
            name="bio"
            value={text}
            rows={5}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
            aria-invalid={Boolean(error) || over}
            aria-describedby={`${id}-hint ${id}-count${error ? ` ${id}-error` : ''}`}
          />
          <div className={styles.fieldFoot}>
            <p id={`${id}-hint`}>
              **bold**, *italic*, ~~strike~~ and lines starting with &gt; for quotes work, as in reviews.
            </p>
            <p id={`${id}-count`} className={styles.counter} data-over={over}>
              {text.trim().length} / {BIO_MAX_LENGTH}
            </p>
          </div>
          {error && (
            <p id={`${id}-error`} className={styles.error} role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save bio'}
        </button>
      </form>
    </FormSection>
  );
}
