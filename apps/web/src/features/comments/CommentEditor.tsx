import { SOCIAL_LIMITS } from '@vgl/shared';
import { useId, useState, type FormEvent } from 'react';
import { commentFailure, commentProblem } from './commentText';
import styles from './comments.module.css';

interface CommentEditorProps {
  label: string;
  submitLabel: string;
  pendingLabel: string;
  initial?: string;
  /** Saves the trimmed text; a rejection's message is shown under the field. */
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  /** True for a new comment: a saved one leaves an empty field for the next. */
  clearOnSuccess?: boolean;
  autoFocus?: boolean;
  /** What to say when saving failed; a comment's wording unless given (a reply elsewhere is sent, not saved). */
  failureText?: (error: unknown) => string;
}

const max = SOCIAL_LIMITS.commentMaxLength;

/** A comment's textarea with its label, counter and error, and the buttons that save or cancel it. */
export function CommentEditor({ label, submitLabel, pendingLabel, initial = '', onSubmit, onCancel, clearOnSuccess = false, autoFocus, failureText = commentFailure }: CommentEditorProps) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const length = text.trim().length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const problem = commentProblem(text);
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      await onSubmit(text.trim());
      if (clearOnSuccess) setText('');
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={styles.editor} onSubmit={(event) => void submit(event)} noValidate aria-busy={pending || undefined}>
      <label htmlFor={`${id}-text`} className={styles.label}>
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        name="body"
        rows={clearOnSuccess ? 4 : 5}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        // The edit field opens where the reader clicked Edit, so focus follows them there.
        autoFocus={autoFocus}
      />
      <div className={styles.editorFoot}>
        <p id={`${id}-count`} className={styles.counter} data-over={length > max || undefined}>
          {length.toLocaleString('en-US')} / {max.toLocaleString('en-US')}
          <span className={styles.srOnly}> characters</span>
        </p>
        <div className={styles.buttons}>
          {onCancel && (
            <button type="button" className="button button-ghost button-small" onClick={onCancel} disabled={pending}>
              Cancel
            </button>
          )}
          <button type="submit" className="button button-primary button-small" aria-disabled={pending || undefined}>
            {pending ? pendingLabel : submitLabel}
          </button>
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
