import type { Conn } from '../library/library.columns.js';

/**
 * A play's Started and Finished days in the diary, as the library form keeps
 * the entry's (library.diary saveDiaryForDates): each date is one diary row
 * of that play — moving the date moves the row, clearing it deletes the
 * row — so the diary shows every playthrough's start and finish. The finish
 * row carries the play's rating.
 */
export async function keepPlayDates(
  trx: Conn,
  v: {
    userId: number;
    gameId: number;
    entryId: number;
    /** The play's id, or null for the first play (its rows carry no play id). */
    playId: number | null;
    replay: boolean;
    platformId: number | null;
    previous: { started_on: string | null; finished_on: string | null } | undefined;
    next: { started_on: string | null; finished_on: string | null; rating: number | null };
    at: number;
  },
): Promise<void> {
  for (const event of ['started', 'finished'] as const) {
    const date = event === 'started' ? v.next.started_on : v.next.finished_on;
    const previousDate = (event === 'started' ? v.previous?.started_on : v.previous?.finished_on) ?? null;
    const rating = event === 'finished' ? v.next.rating : null;
    const current = previousDate
      ? await trx
          .selectFrom('diary_entries')
          .select(['id', 'rating'])
          .where('entry_id', '=', v.entryId)
          .where('event', '=', event)
          .where('played_on', '=', previousDate)
          .$call((q) => (v.playId === null ? q.where('play_id', 'is', null) : q.where('play_id', '=', v.playId)))
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst()
      : undefined;
    if (!date) {
      if (current) await trx.deleteFrom('diary_entries').where('id', '=', current.id).execute();
      continue;
    }
    if (current) {
      if (date !== previousDate || current.rating !== rating) await trx.updateTable('diary_entries').set({ played_on: date, rating }).where('id', '=', current.id).execute();
      continue;
    }
    if (date === previousDate) continue;
    await trx
      .insertInto('diary_entries')
      .values({
        user_id: v.userId,
        entry_id: v.entryId,
        game_id: v.gameId,
        play_id: v.playId,
        played_on: date,
        event,
        rating,
        note: null,
        replay: v.replay ? 1 : 0,
        minutes_played: null,
        platform_id: v.platformId,
        created_at: v.at,
      })
      .execute();
  }
}
