import { PLAY_STATUS, type DiaryEntry } from '@vgl/shared';
import type { LibraryEntryInput } from '@vgl/shared/schemas';
import { libraryRepo, type Conn, type DiaryRow, type EntryRow } from './library.repo.js';

/** One play, as the diary form sends it or an import file holds it. */
type Play = Pick<DiaryEntry, 'playedOn' | 'event' | 'rating' | 'note' | 'replay' | 'hours'>;

/** Hours played are kept as whole minutes. */
const minutesOf = (hours: number | null) => (hours === null ? null : Math.round(hours * 60));

/** A diary entry's columns from a play. */
export const diaryColumns = (play: Play) => ({
  played_on: play.playedOn,
  event: play.event,
  rating: play.rating,
  note: play.note,
  replay: play.replay ? 1 : 0,
  minutes_played: minutesOf(play.hours),
});

/** What logging a play says about a game not yet in the library: finished means beaten, else playing, and its date is Started or Finished. */
export const entryColumnsFromPlay = (play: Pick<Play, 'playedOn' | 'event' | 'rating'>) => ({
  status: play.event === 'finished' ? PLAY_STATUS.beaten : PLAY_STATUS.playing,
  rating: play.rating,
  started_on: play.event === 'started' ? play.playedOn : null,
  finished_on: play.event === 'finished' ? play.playedOn : null,
});

/**
 * What a finished session says about a game already in the library: the
 * member beat it, so Playing, Want to play, only rated and also Abandoned
 * become Beaten (they came back and finished it), with the latest finish as
 * the Finished date (the session's day when the entry has none or an
 * earlier one). A game already Beaten keeps its status and date — a replay
 * is a play of its own, not a new first finish — except that the date
 * follows a session it was the day of when an edit moves that session
 * (`previousDay`). Only the columns that change, so an unchanged entry is
 * not written (and its stats counter does not move).
 */
export function entryColumnsFromFinish(entry: Pick<EntryRow, 'status' | 'finished_on'>, playedOn: string, previousDay?: string) {
  const moved = previousDay !== undefined && entry.finished_on === previousDay;
  if (entry.status === PLAY_STATUS.beaten) return moved && previousDay !== playedOn ? { finished_on: playedOn } : {};
  const finished_on = moved || entry.finished_on === null || entry.finished_on < playedOn ? playedOn : entry.finished_on;
  return { status: PLAY_STATUS.beaten, ...(finished_on === entry.finished_on ? {} : { finished_on }) };
}

/**
 * Whether deleting this session takes its game out of the library too:
 * the session is what added the game and the entry holds nothing else.
 * Precisely: the entry was created in the same request as the session
 * (same created_at) through the journal (the session's "played" activity
 * exists: the library form's date rows and imports record none) and never
 * saved since (updated_at unchanged: the form, an import and another logged
 * session all move it); the session is the game's only one; and it has no
 * review, favourite, featured place or ownership. A list holds the game,
 * not the entry, so a listed game stays in its list either way. Called
 * before the session is deleted.
 */
export async function entryAddedOnlyBy(trx: Conn, session: Pick<DiaryRow, 'id' | 'entry_id' | 'created_at'>): Promise<boolean> {
  const entry = await libraryRepo.entryById(trx, session.entry_id);
  if (
    !entry ||
    Number(entry.created_at) !== Number(session.created_at) ||
    Number(entry.updated_at) !== Number(entry.created_at) ||
    entry.review !== null ||
    entry.favourite_position !== null ||
    entry.featured_position !== null ||
    entry.owned !== null
  ) {
    return false;
  }
  const [others, logged] = await Promise.all([
    trx.selectFrom('diary_entries').select('id').where('entry_id', '=', session.entry_id).where('id', '!=', session.id).limit(1).executeTakeFirst(),
    trx
      .selectFrom('activities')
      .select('id')
      .where('entry_id', '=', session.entry_id)
      .where('verb', '=', 'played')
      .where('value', '=', session.id)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return !others && logged !== undefined;
}

interface DatesChange {
  userId: number;
  gameId: number;
  entryId: number;
  /** The entry before this save; undefined when the game is new to the library. */
  previous: EntryRow | undefined;
  input: LibraryEntryInput;
  at: number;
}

/**
 * Keeps the diary in step with the library form's Started/Finished dates.
 * Each date points at one diary row: moving the date moves that row, clearing
 * it removes the row, and a replay always adds new rows so earlier plays stay
 * in the diary. The finished row carries the rating and hours of that play.
 */
export async function saveDiaryForDates(trx: Conn, change: DatesChange): Promise<void> {
  const { input, previous } = change;
  for (const event of ['started', 'finished'] as const) {
    const date = event === 'started' ? input.startedOn : input.finishedOn;
    const previousDate = (event === 'started' ? previous?.started_on : previous?.finished_on) ?? null;
    const details =
      event === 'finished'
        ? { rating: input.rating, minutes_played: minutesOf(input.hours) }
        : { rating: null, minutes_played: null };
    const current = previousDate && !input.replay ? await libraryRepo.diaryRowOn(trx, change.entryId, event, previousDate) : undefined;
    if (!date) {
      if (current) await libraryRepo.deleteDiary(trx, current.id);
      continue;
    }
    if (current) {
      await libraryRepo.updateDiary(trx, current.id, { played_on: date, ...details });
      continue;
    }
    if (input.replay || date !== previousDate) {
      await libraryRepo.insertDiary(trx, {
        user_id: change.userId,
        entry_id: change.entryId,
        game_id: change.gameId,
        played_on: date,
        event,
        note: null,
        replay: input.replay ? 1 : 0,
        created_at: change.at,
        ...details,
      });
    }
  }
}
