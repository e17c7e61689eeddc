import { useQueryClient } from '@tanstack/react-query';
import type { Completion, Play } from '@vgl/shared';
import { firstFieldErrors, playInputSchema } from '@vgl/shared/schemas';
import { useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { closeModal } from '../../stores/modals';
import { showToast } from '../../stores/toast';
import { invalidatePlays, logPlay, playsKeys, savePlay } from './playsApi';

/** What the inputs hold: dates stay strings ('' for none) until the schema reads them. */
export interface PlayFormValues {
  startedOn: string;
  finishedOn: string;
  platform: string;
  completion: Completion | null;
  rating: number | null;
  review: string;
  spoilers: boolean;
}

export type PlayFormField = keyof PlayFormValues;
export type PlayFormErrors = Partial<Record<PlayFormField, string>>;

const FIELDS: readonly string[] = ['startedOn', 'finishedOn', 'platform', 'completion', 'rating', 'review', 'spoilers'];

export function initialPlayValues(play: Play | null): PlayFormValues {
  return {
    startedOn: play?.startedOn ?? '',
    finishedOn: play?.finishedOn ?? '',
    platform: play?.platform?.slug ?? '',
    completion: play?.completion ?? null,
    rating: play?.rating ?? null,
    review: play?.review ?? '',
    spoilers: play?.spoilers ?? false,
  };
}

/** Errors of zod and of the server's errors map, narrowed to the form's fields; the rest is said above the form. */
function splitErrors(errors: Record<string, string>): { fields: PlayFormErrors; other: string | null } {
  const fields: PlayFormErrors = {};
  let other: string | null = null;
  for (const [key, message] of Object.entries(errors)) {
    const field = key.split('.')[0]!;
    if (FIELDS.includes(field)) fields[field as PlayFormField] ??= message;
    else other ??= message;
  }
  return { fields, other };
}

// Completion is asked only of a finished play: with Finished cleared, a level picked before goes too.
const toInput = (values: PlayFormValues) => ({ ...values, completion: values.finishedOn ? values.completion : null });

/**
 * The play form's state: the shared schema checks it before sending (the
 * server answers a 400 with the same messages, shown by the same fields);
 * a save shows a toast, closes the modal and refreshes the game page.
 */
export function usePlayForm(username: string, slug: string, play: Play | null) {
  const client = useQueryClient();
  const [values, setValues] = useState(() => initialPlayValues(play));
  const [errors, setErrors] = useState<PlayFormErrors>({});
  /** A server answer that names no field of the form (e.g. too many plays). */
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Raised after each failed submit so the form can move focus to the first bad field. */
  const [failedSubmits, setFailedSubmits] = useState(0);

  const set = <K extends PlayFormField>(field: K, value: PlayFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const showErrors = (errors: Record<string, string>, message: string | null) => {
    const split = splitErrors(errors);
    setErrors(split.fields);
    setFormError(split.other ?? (Object.keys(split.fields).length === 0 ? message : null));
    setFailedSubmits((n) => n + 1);
  };

  const save = async () => {
    const parsed = playInputSchema.safeParse(toInput(values));
    if (!parsed.success) {
      showErrors(firstFieldErrors(parsed.error), null);
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const saved = play ? await savePlay(username, play.id, parsed.data) : await logPlay(username, slug, parsed.data);
      client.setQueryData<Play[] | null>(playsKeys.game(username, slug), (plays) =>
        plays ? (play ? plays.map((p) => (p.id === saved.id ? saved : p)) : [...plays, saved]) : plays,
      );
      showToast({ variant: 'success', text: play ? 'The play was saved.' : `${saved.replay ? 'Replay' : 'Play'} ${saved.number} was logged.` });
      closeModal('play-form');
      await invalidatePlays(client, username, slug);
    } catch (error) {
      if (error instanceof ApiRequestError && error.body) {
        showErrors(error.body.errors ?? {}, error.body.message);
        showToast({ variant: 'alert', text: error.body.message });
      } else {
        console.error('Saving the play failed', error);
        showToast({ variant: 'alert' });
      }
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, formError, busy, failedSubmits, set, save };
}
