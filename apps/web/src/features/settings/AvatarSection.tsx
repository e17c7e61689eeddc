import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { avatarUrl } from '../../components/Avatar';
import { FormSection } from '../../components/form/FormSection';
import { showToast } from '../../stores/toast';
import { serverFieldErrors } from './fieldErrors';
import styles from './settings.module.css';
import { checkAvatarFile } from './avatarFile';
import { useRemoveAvatar, useUploadAvatar } from './settingsApi';
import { toastFailure } from './toastFailure';

/** A chosen picture and its preview, read as a data: URL (the CSP allows data: images, not blob:). */
interface Chosen {
  file: File;
  preview: string;
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });

/**
 * The profile picture: the current one (or the default), a file input that
 * checks the file on choosing it (type, size, that it really is a picture
 * the browser can draw: avatarFile.ts) before anything is sent, a preview
 * of a good one, Upload and "Remove picture". A change raises the nav trigger so the nav shows it.
 */
export function AvatarSection({ username, avatar }: { username: string; avatar: string | null }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [error, setError] = useState<string>();
  const upload = useUploadAvatar(username);
  const remove = useRemoveAvatar(username);
  const busy = upload.isPending || remove.isPending;

  const clearChoice = () => {
    setChosen(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setChosen(null);
    setError(undefined);
    if (!file) return;
    try {
      const checked = await checkAvatarFile(file, readAsDataUrl);
      // Only a picture the browser could draw is previewed; anything else says why, and the current one stays.
      if ('problem' in checked) {
        if (inputRef.current) inputRef.current.value = '';
        return setError(checked.problem);
      }
      setChosen({ file, preview: checked.preview });
    } catch (readError) {
      console.error('Could not read the chosen picture', readError);
      setError('This file could not be read. Choose another picture.');
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return setError('Choose a picture first.');
    try {
      await upload.mutateAsync(chosen.file);
      clearChoice();
      showToast({ variant: 'success' });
    } catch (uploadError) {
      setError(serverFieldErrors(uploadError).avatar);
      toastFailure('The picture upload', uploadError);
    }
  };

  const removePicture = async () => {
    setError(undefined);
    try {
      await remove.mutateAsync();
      clearChoice();
      showToast({ variant: 'success' });
    } catch (removeError) {
      toastFailure('Removing the picture', removeError);
    }
  };

  const note = error ?? 'PNG, JPEG, WebP or GIF, up to 5 MB. It is shown round.';
  return (
    <FormSection title="Picture">
      <div className={styles.avatarRow}>
        <img
          className="avatar"
          src={chosen?.preview ?? avatarUrl(avatar)}
          width={80}
          height={80}
          alt={chosen ? 'Preview of your new picture' : 'Your current picture'}
        />
        <form className={styles.avatarForm} onSubmit={submit} noValidate aria-busy={busy}>
          <label htmlFor={`${id}-file`}>Upload a new picture</label>
          <input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            onChange={(event) => void choose(event)}
            aria-invalid={Boolean(error)}
            aria-describedby={`${id}-note`}
          />
          <p id={`${id}-note`} className={error ? styles.error : styles.hint} role={error ? 'alert' : undefined}>
            {note}
          </p>
          <div className={styles.actions}>
            {chosen && (
              <>
                <button type="submit" className="button button-primary button-small" disabled={busy}>
                  {upload.isPending ? 'Uploading…' : 'Upload picture'}
                </button>
                <button type="button" className="button button-ghost button-small" onClick={clearChoice} disabled={busy}>
                  Cancel
                </button>
              </>
            )}
            {avatar && !chosen && (
              <button type="button" className="button button-ghost button-small" onClick={() => void removePicture()} disabled={busy}>
                {remove.isPending ? 'Removing…' : 'Remove picture'}
              </button>
            )}
          </div>
        </form>
      </div>
    </FormSection>
  );
}
