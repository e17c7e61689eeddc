import { COMPLETION_LABELS, COMPLETION_LEVELS, LIBRARY_LIMITS, type Completion } from '@vgl/shared';
import styles from './LibraryEntryForm.module.css';

/*
 * Pieces the library form and the play form share (a play's review is the
 * same kind of text as the game's): the review box with its count, a
 * checkbox with its hint, and an error tied to its group.
 */

export const count = (n: number) => n.toLocaleString('en-US');

/** Today in the user's time zone, as the date inputs write it. */
export const today = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/** A group's error, tied to its fieldset. */
export function GroupError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className={styles.error} role="alert">
      {error}
    </p>
  ) : null;
}

interface CheckProps {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
}

export function Check({ id, label, hint, checked, onChange, error }: CheckProps) {
  return (
    <div className={styles.check}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      <GroupError id={`${id}-error`} error={error} />
    </div>
  );
}

interface ReviewFieldProps {
  /** The textarea's id; its hint, count and error take it as a prefix. */
  id: string;
  value: string;
  onChange: (value: string) => void;
  hint: string;
  error: string | undefined;
}

/** The review box: its hint, and its length against the limit as the member types. */
export function ReviewField({ id, value, onChange, hint, error }: ReviewFieldProps) {
  const length = value.trim().length;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>Review</label>
      <textarea
        id={id}
        name="review"
        rows={6}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-hint ${id}-count${error ? ` ${id}-error` : ''}`}
      />
      <div className={styles.reviewNotes}>
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
        <p id={`${id}-count`} className={length > LIBRARY_LIMITS.reviewMaxLength ? styles.error : styles.hint}>
          {count(length)} / {count(LIBRARY_LIMITS.reviewMaxLength)} characters
        </p>
      </div>
      <GroupError id={`${id}-error`} error={error} />
    </div>
  );
}

/** The completion level's choices (a beaten game's, a play's), "Not said" first. */
export function CompletionOptions({ value, onChange }: { value: Completion | null; onChange: (level: Completion | null) => void }) {
  return (
    <div className={styles.options}>
      {[{ level: null, label: 'Not said' }, ...COMPLETION_LEVELS.map((level) => ({ level, label: COMPLETION_LABELS[level] }))].map(({ level, label }) => (
        <label key={label} className={styles.option}>
          <input type="radio" name="completion" value={level ?? ''} checked={value === level} onChange={() => onChange(level)} />
          {label}
        </label>
      ))}
    </div>
  );
}
