import { JOURNAL_LIMITS, JOURNAL_MESSAGES, LIBRARY_LIMITS, STATUS_MESSAGES, type DiaryEntry, type DiaryEvent } from '@vgl/shared';
import type { SessionBody } from './journalApi';

/** What the session form's inputs hold: numbers stay text until checked. */
export interface SessionValues {
  game: string;
  playedOn: string;
  hours: string;
  minutes: string;
  platform: string;
  note: string;
  finished: boolean;
  replay: boolean;
}

export type SessionField = keyof SessionValues;
export type SessionErrors = Partial<Record<SessionField, string>>;

/** Today in the member's time zone, as date inputs write it. */
export function today(now = new Date()): string {
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** A new session (of `game`, when the form is opened from its page), or the diary entry being edited. */
export function initialSession(entry: DiaryEntry | null, game = ''): SessionValues {
  const minutes = entry?.minutes ?? null;
  return {
    game: entry?.game.slug ?? game,
    playedOn: entry?.playedOn ?? today(),
    hours: minutes === null ? '' : String(Math.floor(minutes / 60)),
    minutes: minutes === null ? '' : String(minutes % 60),
    platform: entry?.platform?.slug ?? '',
    note: entry?.note ?? '',
    finished: entry?.event === 'finished',
    replay: entry?.replay ?? false,
  };
}

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * Checks the form as the server will, with messages about these inputs
 * (hours and minutes apart; the server sees their sum), and builds the
 * body. An edited entry keeps what the form does not show: its rating, and
 * "started" for a play the library form's dates wrote.
 */
export function readSession(values: SessionValues, entry: DiaryEntry | null, now = new Date()): { body: SessionBody } | { errors: SessionErrors } {
  const errors: SessionErrors = {};
  if (!values.game) errors.game = 'Choose a game';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.playedOn)) errors.playedOn = 'Date must be a date like 2024-05-31';
  else if (values.playedOn > today(now)) errors.playedOn = 'Date cannot be in the future';
  else if (values.playedOn < '1950-01-01') errors.playedOn = 'Date is not a real date';

  const hours = values.hours.trim() === '' ? 0 : wholeNumber(values.hours);
  const minutes = values.minutes.trim() === '' ? 0 : wholeNumber(values.minutes);
  if (Number.isNaN(hours) || hours > 24) errors.hours = 'Hours must be a whole number from 0 to 24';
  if (Number.isNaN(minutes) || minutes > 59) errors.minutes = 'Minutes must be a whole number from 0 to 59';
  const total = hours * 60 + minutes;
  if (!errors.hours && !errors.minutes && total > JOURNAL_LIMITS.sessionMaxMinutes) errors.hours = JOURNAL_MESSAGES.sessionTooLong;

  const note = values.note.trim();
  if (note.length > LIBRARY_LIMITS.noteMaxLength) errors.note = `Note must have at most ${LIBRARY_LIMITS.noteMaxLength.toLocaleString('en-US')} characters`;
  // A new session with nothing in it logs nothing (issue 38): the server refuses it too, with the same words.
  if (entry === null && Object.keys(errors).length === 0 && total === 0 && !note && !values.finished) errors.hours = STATUS_MESSAGES.emptySession;
  if (Object.keys(errors).length > 0) return { errors };

  const unfinished: DiaryEvent = entry?.event === 'started' ? 'started' : 'played';
  const noTime = values.hours.trim() === '' && values.minutes.trim() === '';
  return {
    body: {
      game: values.game,
      playedOn: values.playedOn,
      event: values.finished ? 'finished' : unfinished,
      rating: entry?.rating ?? null,
      note: note || null,
      replay: values.replay,
      minutes: noTime ? null : total,
      platform: values.platform || null,
    },
  };
}

/** The server's field errors, on the inputs that show them (its "minutes" is the total of both time inputs). */
export function sessionErrorsFrom(errors: Record<string, string>): SessionErrors {
  const out: SessionErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = key === 'minutes' ? 'hours' : key === 'event' ? 'finished' : key;
    if (field in initialSession(null)) out[field as SessionField] ??= message;
  }
  return out;
}
