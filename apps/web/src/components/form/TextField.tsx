import type { InputHTMLAttributes } from 'react';
import styles from './TextField.module.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  name: string;
  label: string;
  error?: string | undefined;
  /** Shown under the field while there is no error. */
  hint?: string;
}

/** A labelled input whose error is announced and tied to it (aria-describedby). */
export function TextField({ name, label, error, hint, ...input }: TextFieldProps) {
  const id = `field-${name}`;
  const note = error ?? hint;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={Boolean(error)} aria-describedby={note ? `${id}-note` : undefined} {...input} />
      {note && (
        <p id={`${id}-note`} className={error ? styles.error : styles.hint} role={error ? 'alert' : undefined}>
          {note}
        </p>
      )}
    </div>
  );
}
