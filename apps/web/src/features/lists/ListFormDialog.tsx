import { LIST_LIMITS, LIST_MESSAGES, type ListDetail, type ListVisibility } from '@vgl/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/form/TextField';
import { closeModal } from '../../stores/modals';
import { serverFieldErrors } from '../settings/fieldErrors';
import { toastFailure } from '../settings/toastFailure';
import { useCreateList, useUpdateList, type ListForm } from './listsApi';
import { useFocusReturn } from './modalFocus';
import styles from './lists.module.css';

const MODAL = 'list-form';

interface ListFormDialogProps {
  username: string;
  /** The list being edited; none to make a new one. */
  list?: ListDetail;
  onSaved: (list: ListDetail) => void;
}

/** Making or editing a list: title, description (review text rules), ranked, public. */
export function ListFormDialog({ username, list, onSaved }: ListFormDialogProps) {
  useFocusReturn(MODAL);
  return (
    <Modal name={MODAL} title={list ? 'Edit list' : 'New list'} wide>
      <ListFormBody username={username} list={list} onSaved={onSaved} />
    </Modal>
  );
}

function ListFormBody({ username, list, onSaved }: ListFormDialogProps) {
  const id = useId();
  const create = useCreateList(username);
  const update = useUpdateList(username, list?.slug ?? '');
  const [form, setForm] = useState<ListForm>({
    title: list?.title ?? '',
    description: list?.description ?? '',
    ranked: list?.ranked ?? false,
    visibility: list?.visibility ?? (list && !list.isPublic ? 'private' : 'public'),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // After the dialog opens (its own effect focuses its first button), start in the title.
  useEffect(() => {
    const timer = window.setTimeout(() => formRef.current?.querySelector<HTMLInputElement>('input[name="title"]')?.focus());
    return () => window.clearTimeout(timer);
  }, []);

  const set = <K extends keyof ListForm>(key: K, value: ListForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const local: Record<string, string> = {};
    if (!form.title.trim()) local.title = LIST_MESSAGES.titleRequired;
    if (form.description.length > LIST_LIMITS.descriptionMaxLength) local.description = `Description must have at most ${LIST_LIMITS.descriptionMaxLength.toLocaleString('en-US')} characters`;
    setErrors(local);
    if (Object.keys(local).length > 0) {
      window.setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setPending(true);
    try {
      const saved = list ? await update.mutateAsync(form) : await create.mutateAsync(form);
      closeModal(MODAL);
      onSaved(saved);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toastFailure(list ? 'Saving the list' : 'Making the list', error);
      setPending(false);
    }
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        name="title"
        label="Title"
        value={form.title}
        maxLength={LIST_LIMITS.titleMaxLength}
        error={errors.title}
        onChange={(e) => set('title', e.target.value)}
      />
      <div className={styles.field}>
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          id={`${id}-description`}
          name="description"
          value={form.description}
          aria-invalid={Boolean(errors.description)}
          aria-describedby={`${id}-description-note`}
          onChange={(e) => set('description', e.target.value)}
        />
        <p id={`${id}-description-note`} className={errors.description ? styles.error : styles.hint} role={errors.description ? 'alert' : undefined}>
          {errors.description ?? 'Optional. **bold**, *italic*, ~~strike~~ and "> " quotes work as in reviews.'}
        </p>
      </div>
      <label className={styles.check}>
        <input type="checkbox" name="ranked" checked={form.ranked} onChange={(e) => set('ranked', e.target.checked)} />
        <span>
          <strong>Ranked</strong>
          <span className={styles.hint}>Number the games in their order.</span>
        </span>
      </label>
      <div className={styles.field}>
        <label htmlFor={`${id}-visibility`}>
          <strong>Who can see it</strong>
        </label>
        <select id={`${id}-visibility`} name="visibility" value={form.visibility} onChange={(e) => set('visibility', e.target.value as ListVisibility)}>
          <option value="public">Everyone</option>
          <option value="followers">Your followers</option>
          <option value="private">Only you</option>
        </select>
      </div>
      <div className={styles.buttons}>
        <button type="submit" className="button button-primary" disabled={pending}>
          {pending ? 'Saving…' : list ? 'Save list' : 'Make list'}
        </button>
        <button type="button" className="button button-ghost" onClick={() => closeModal(MODAL)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
