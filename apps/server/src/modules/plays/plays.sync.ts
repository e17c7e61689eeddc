import { PLAY_STATUS, type Completion } from '@vgl/shared';
import type { Conn } from '../library/library.columns.js';
import { playsRepo, type PlayRow } from './plays.repo.js';

/*
 * How a library entry and its plays agree (issue 38). The entry's Started and
 * Finished are its first play's; its rating and completion are the latest
 * play's verdict. The library form writes the entry (entryIntoPlays carries
 * it to the plays); the plays form writes plays (playsIntoEntry carries them
 * to the entry). Both run in the writer's transaction, under the member's
 * lock.
 */

interface EntryState {
  id: number;
  user_id: number;
  status: number | null;
  rating: number | null;
  review: string | null;
  started_on: string | null;
  finished_on: string | null;
  completion: Completion | null;
}

/** Whether an entry says the game was played: a status other than Want to play, a verdict or a date (0051's rule, sessions aside). */
export const entryIsPlayed = (e: Omit<EntryState, 'id' | 'user_id' | 'completion'>) =>
  (e.status !== null && e.status !== PLAY_STATUS.wantToPlay) || e.rating !== null || e.review !== null || e.started_on !== null || e.finished_on !== null;

/** A play was finished when it has a finish, or a completion level (beaten on a day not said). */
const latestFinished = (plays: PlayRow[]) => [...plays].reverse().find((p) => p.finished_on !== null || p.completion !== null);

/**
 * After the library form saved `entry` (was `previous`): the first play
 * takes the entry's dates, made when the entry now says the game was played
 * (or it has sessions); a rating or completion the member changed goes to
 * the latest play (the latest finished one for completion), so an unrated
 * replay under way is not given an older play's stars.
 */
export async function entryIntoPlays(
  trx: Conn,
  entry: EntryState,
  previous: Pick<EntryState, 'rating' | 'completion'> | undefined,
  v: { platformIds: number[]; hasSessions: boolean; at: number },
): Promise<void> {
  const plays = await playsRepo.ofEntry(trx, entry.id);
  const first = plays.find((p) => Number(p.replay) === 0);
  if (!first) {
    if (!entryIsPlayed(entry) && !v.hasSessions) return;
    await playsRepo.insert(trx, {
      user_id: entry.user_id,
      entry_id: entry.id,
      replay: 0,
      started_on: entry.started_on,
      finished_on: entry.finished_on,
      platform_id: v.platformIds.length === 1 ? v.platformIds[0]! : null,
      completion: entry.completion,
      rating: entry.rating,
      created_at: v.at,
      updated_at: v.at,
    });
    return;
  }
  const changes = new Map<PlayRow, Partial<PlayRow>>();
  const change = (play: PlayRow, values: Partial<PlayRow>) => changes.set(play, { ...changes.get(play), ...values });
  if (first.started_on !== entry.started_on || first.finished_on !== entry.finished_on) change(first, { started_on: entry.started_on, finished_on: entry.finished_on });
  const latest = plays[plays.length - 1]!;
  if (entry.rating !== (previous?.rating ?? null) && latest.rating !== entry.rating) change(latest, { rating: entry.rating });
  if (entry.completion !== (previous?.completion ?? null)) {
    const target = latestFinished(plays) ?? first;
    if (target.completion !== entry.completion) change(target, { completion: entry.completion });
  }
  for (const [play, values] of changes) {
    const { started_on, finished_on, rating, completion } = values;
    await playsRepo.update(trx, play.id, { started_on, finished_on, rating, completion, updated_at: v.at });
  }
}

/**
 * After a play was written or deleted: the entry's dates become its first
 * play's, its rating the latest rated play's, and a Beaten entry's
 * completion the latest finished play's. A play just finished (`finished`)
 * makes the game Beaten, as a finished session does; a play under way makes
 * a game not yet started (Want to play, or no status) Playing. Returns the
 * entry's columns that changed.
 */
export async function playsIntoEntry(
  trx: Conn,
  entry: EntryState & { updated_at: number | string },
  v: { finished: boolean; underWay: boolean; at: number },
): Promise<Record<string, unknown>> {
  const plays = await playsRepo.ofEntry(trx, entry.id);
  const first = plays.find((p) => Number(p.replay) === 0);
  const rated = [...plays].reverse().find((p) => p.rating !== null);
  let status = entry.status;
  if (v.finished && status !== PLAY_STATUS.beaten) status = PLAY_STATUS.beaten;
  else if (v.underWay && (status === null || status === PLAY_STATUS.wantToPlay)) status = PLAY_STATUS.playing;
  const next = {
    status,
    started_on: first ? first.started_on : entry.started_on,
    finished_on: first ? first.finished_on : entry.finished_on,
    rating: rated?.rating ?? null,
    completion: status === PLAY_STATUS.beaten ? (latestFinished(plays)?.completion ?? null) : null,
  };
  const changed = Object.fromEntries(Object.entries(next).filter(([key, value]) => entry[key as keyof typeof next] !== value));
  if (Object.keys(changed).length > 0) {
    await trx
      .updateTable('library_entries')
      .set({ ...changed, updated_at: Math.max(v.at, Number(entry.updated_at) + 1) })
      .where('id', '=', entry.id)
      .execute();
  }
  return changed;
}
