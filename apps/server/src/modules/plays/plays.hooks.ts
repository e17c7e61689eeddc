import { PLAY_MESSAGES } from '@vgl/shared';
import { badRequest } from '../../http/errors.js';
import type { Conn } from '../library/library.columns.js';
import { libraryRepo } from '../library/library.repo.js';
import { playsRepo } from './plays.repo.js';
import { entryIntoPlays, playsIntoEntry } from './plays.sync.js';

/*
 * What the library form and the journal tell the plays (issue 38), in their
 * transaction: the library module calls these and knows nothing else of
 * plays.
 */

/** Re-reads the entry with its private columns (completion) and lets it follow its plays (a merge of two entries calls it too). */
export async function settle(trx: Conn, entryId: number, v: { finished: boolean; underWay: boolean; at: number }) {
  const found = await libraryRepo.entryById(trx, entryId);
  const entry = found && (await libraryRepo.entryOf(trx, found.user_id, found.game_id));
  if (entry) await playsIntoEntry(trx, entry, v);
}

const hasSessions = async (trx: Conn, entryId: number) =>
  (await trx.selectFrom('diary_entries').select('id').where('entry_id', '=', entryId).limit(1).executeTakeFirst()) !== undefined;

/**
 * After the library form saved an entry. A form marked replay logs a new
 * replay from its dates, rating and completion (the diary rows its dates
 * just wrote go in it) and the entry keeps its first play's dates; else the
 * first play follows the entry (plays.sync entryIntoPlays).
 */
export async function playsAfterLibraryForm(
  trx: Conn,
  v: {
    entryId: number;
    previous: { rating: number | null; completion: string | null } | undefined;
    replay: boolean;
    platformIds: number[];
    at: number;
  },
): Promise<void> {
  const found = await libraryRepo.entryById(trx, v.entryId);
  const entry = found && (await libraryRepo.entryOf(trx, found.user_id, found.game_id));
  if (!entry) return;
  const first = await playsRepo.first(trx, entry.id);
  if (v.replay && first) {
    const playId = await playsRepo.insert(trx, {
      user_id: entry.user_id,
      entry_id: entry.id,
      replay: 1,
      started_on: entry.started_on,
      finished_on: entry.finished_on,
      platform_id: v.platformIds.length === 1 ? v.platformIds[0]! : null,
      completion: entry.finished_on ? entry.completion : null,
      rating: entry.rating,
      created_at: v.at,
      updated_at: v.at,
    });
    // The rows saveDiaryForDates just wrote for this replay: replay rows of this request.
    await trx.updateTable('diary_entries').set({ play_id: playId }).where('entry_id', '=', entry.id).where('replay', '=', 1).where('play_id', 'is', null).where('created_at', '=', v.at).execute();
    await settle(trx, entry.id, { finished: false, underWay: false, at: v.at });
    return;
  }
  await entryIntoPlays(trx, entry, v.previous as Parameters<typeof entryIntoPlays>[2], {
    platformIds: v.platformIds,
    hasSessions: await hasSessions(trx, entry.id),
    at: v.at,
  });
}

/**
 * The play a session belongs to, set on it: the one asked for (`playId`), or
 * for a replay session the latest replay under way (a new one when none
 * is), or the first play. A finished session finishes its replay, and its
 * rating becomes the replay's. A first-play session makes the first play
 * when the game has none, and the first play follows the entry.
 */
export async function playsAfterSession(
  trx: Conn,
  session: { id: number; entryId: number; playedOn: string; event: string; rating: number | null; replay: boolean; platformId: number | null; playId?: number | null | undefined },
  at: number,
): Promise<void> {
  let playId: number | null = null;
  if (session.playId !== undefined && session.playId !== null) {
    const play = await playsRepo.byId(trx, session.playId);
    if (!play || play.entry_id !== session.entryId) throw badRequest(PLAY_MESSAGES.noSuchPlay, { playId: PLAY_MESSAGES.noSuchPlay });
    playId = Number(play.replay) === 1 ? play.id : null;
  } else if (session.replay) {
    playId =
      (await playsRepo.openReplay(trx, session.entryId))?.id ??
      (await playsRepo.insert(trx, {
        user_id: (await libraryRepo.entryById(trx, session.entryId))!.user_id,
        entry_id: session.entryId,
        replay: 1,
        started_on: session.event === 'finished' ? null : session.playedOn,
        finished_on: null,
        platform_id: session.platformId,
        created_at: at,
        updated_at: at,
      }));
  }
  await trx.updateTable('diary_entries').set({ play_id: playId }).where('id', '=', session.id).execute();
  if (playId === null) {
    const found = await libraryRepo.entryById(trx, session.entryId);
    const entry = found && (await libraryRepo.entryOf(trx, found.user_id, found.game_id));
    if (entry) await entryIntoPlays(trx, entry, entry, { platformIds: [], hasSessions: true, at });
    return;
  }
  const play = (await playsRepo.byId(trx, playId))!;
  const finishes = session.event === 'finished' && (play.finished_on === null || play.finished_on < session.playedOn);
  const rated = session.rating !== null && session.event === 'finished';
  if (finishes || rated || (play.platform_id === null && session.platformId !== null)) {
    await playsRepo.update(trx, playId, {
      ...(finishes ? { finished_on: session.playedOn } : {}),
      ...(rated ? { rating: session.rating } : {}),
      ...(play.platform_id === null && session.platformId !== null ? { platform_id: session.platformId } : {}),
      updated_at: at,
    });
  }
  await settle(trx, session.entryId, { finished: finishes, underWay: false, at });
}
