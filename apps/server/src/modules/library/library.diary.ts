import { PLAY_STATUS, type DiaryEntry } from '@vgl/shared';
import type { LibraryEntryInput } from '@vgl/shared/schemas';
import { libraryRepo, type Conn, type EntryRow } from './library.repo.js';

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
