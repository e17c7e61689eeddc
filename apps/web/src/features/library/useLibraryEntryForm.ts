import { useQueryClient } from '@tanstack/react-query';
import { PLAY_STATUS, type Completion, type LibraryEntry, type PlayStatus } from '@vgl/shared';
import { firstFieldErrors, libraryEntryInputSchema } from '@vgl/shared/schemas';
import { useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { closeModal } from '../../stores/modals';
import { showToast } from '../../stores/toast';
import { invalidateGameLibrary, libraryKeys, removeLibraryEntry, saveLibraryEntry } from './libraryApi';

/** What the inputs hold: text fields stay strings until the schema reads them. */
export interface LibraryFormValues {
  status: PlayStatus | null;
  /** How much of a beaten game was done; only sent with Beaten. */
  completion: Completion | null;
  rating: number | null;
  platforms: string[];
  review: string;
  startedOn: string;
  finishedOn: string;
  favourite: boolean;
  replay: boolean;
  hours: string;
  /** Has the game (true), not yet (false: the wishlist), or not said (null). */
  owned: boolean | null;
  /** The private note; the schema trims it and makes empty null. */
  notes: string;
  /** The review gives things away: readers see it blurred until they reveal it. */
  spoilers: boolean;
  /** Who reads the review: everyone, your followers, or only you. */
  reviewVisibility: 'public' | 'followers' | 'private';
}

export type LibraryFormField = keyof LibraryFormValues;
export type LibraryFormErrors = Partial<Record<LibraryFormField, string>>;

const FIELDS: readonly string[] = ['status', 'completion', 'rating', 'platforms', 'review', 'startedOn', 'finishedOn', 'favourite', 'replay', 'hours', 'owned', 'notes', 'spoilers', 'reviewVisibility'];

export function initialValues(entry: LibraryEntry | null): LibraryFormValues {
  return {
    status: entry?.status ?? null,
    completion: entry?.completion ?? null,
    rating: entry?.rating ?? null,
    platforms: entry?.platform ?? [],
    review: entry?.review ?? '',
    startedOn: entry?.startedOn ?? '',
    finishedOn: entry?.finishedOn ?? '',
    favourite: entry?.favourite ?? false,
    replay: false,
    hours: entry?.hours === null || entry?.hours === undefined ? '' : String(entry.hours),
    owned: entry?.owned ?? null,
    notes: entry?.notes ?? '',
    spoilers: entry?.spoilers ?? false,
    reviewVisibility: entry?.reviewVisibility ?? 'public',
  };
}

/** Error keys of zod ("platforms.2") and of the server's errors map, narrowed to the form's fields. */
function toFieldErrors(errors: Record<string, string>): LibraryFormErrors {
  const result: LibraryFormErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = key.split('.')[0]!;
    if (FIELDS.includes(field)) result[field as LibraryFormField] ??= message;
  }
  return result;
}

const toInput = (values: LibraryFormValues) => ({
  ...values,
  // The level is picked under Beaten only: another status clears it.
  completion: values.status === PLAY_STATUS.beaten ? values.completion : null,
  hours: values.hours.trim() === '' ? null : Number(values.hours),
});

/**
 * The library form's state: the shared zod schema checks it before sending
 * (the server answers a 400 with the same messages), a save or removal shows
 * a toast, closes the modal and refreshes the game page's queries.
 */
export function useLibraryEntryForm(username: string, slug: string, entry: LibraryEntry | null) {
  const client = useQueryClient();
  const [values, setValues] = useState(() => initialValues(entry));
  const [errors, setErrors] = useState<LibraryFormErrors>({});
  const [busy, setBusy] = useState(false);
  /** Raised after each failed submit so the form can move focus to the first bad field. */
  const [failedSubmits, setFailedSubmits] = useState(0);

  const set = <K extends LibraryFormField>(field: K, value: LibraryFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const fail = (error: unknown) => {
    if (error instanceof ApiRequestError && error.body) {
      setErrors(toFieldErrors(error.body.errors ?? {}));
      setFailedSubmits((n) => n + 1);
      showToast({ variant: 'alert', text: error.body.message });
    } else {
      console.error('Saving the library entry failed', error);
      showToast({ variant: 'alert' });
    }
  };

  const done = async (text?: string) => {
    showToast({ variant: 'success', ...(text ? { text } : {}) });
    closeModal('library-entry');
    await invalidateGameLibrary(client, username, slug);
  };

  const save = async () => {
    const parsed = libraryEntryInputSchema.safeParse(toInput(values));
    if (!parsed.success) {
      setErrors(toFieldErrors(firstFieldErrors(parsed.error)));
      setFailedSubmits((n) => n + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await saveLibraryEntry(username, slug, parsed.data);
      client.setQueryData(libraryKeys.entry(username, slug), saved);
      await done();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await removeLibraryEntry(username, slug);
      client.setQueryData(libraryKeys.entry(username, slug), null);
      await done('The game was removed from your library.');
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, busy, failedSubmits, set, save, remove };
}
