import { PLAY_LIMITS, type Completion } from '@vgl/shared';
import type { Conn } from '../library/library.columns.js';
import { libraryRepo } from '../library/library.repo.js';
import { playsRepo } from './plays.repo.js';
import { entryIsPlayed } from './plays.sync.js';

/*
 * Plays from an import (transfer/import.apply.ts), in its transaction. A VGL
 * file says its plays (importPlays); any other file — another tracker's, or
 * a VGL file from before plays — has them made from the entry and its
 * sessions as migration 0051 made them (derivePlays). Importing a file twice
 * adds nothing the second time.
 */

export interface ImportedPlay {
  number: number;
  startedOn: string | null;
  finishedOn: string | null;
  platformId: number | null;
  completion: Completion | null;
  rating: number | null;
  review: string | null;
  reviewedAt: number | null;
  loggedAt: number | null;
}

/**
 * The file's plays of one entry: a first play is made only when the entry
 * has none (the entry's own is kept), a replay when none of the entry's is
 * the same (dates, verdict, platform). Returns each play number's id for the
 * sessions: null for the first play (its sessions carry no play id).
 */
export async function importPlays(trx: Conn, v: { userId: number; entryId: number; plays: ImportedPlay[]; at: number }): Promise<Map<number, number | null>> {
  const existing = await playsRepo.ofEntry(trx, v.entryId);
  const ids = new Map<number, number | null>();
  const used = new Set<number>();
  let count = existing.length;
  for (const play of [...v.plays].sort((a, b) => a.number - b.number)) {
    if (ids.has(play.number)) continue;
    const columns = {
      started_on: play.startedOn,
      finished_on: play.finishedOn,
      platform_id: play.platformId,
      completion: play.completion,
      rating: play.rating,
    };
    if (play.number === 1) {
      ids.set(1, null);
      if (existing.some((p) => Number(p.replay) === 0)) continue;
      await playsRepo.insert(trx, { user_id: v.userId, entry_id: v.entryId, replay: 0, ...columns, created_at: play.loggedAt ?? v.at, updated_at: v.at });
      count += 1;
      continue;
    }
    const same = existing.find(
      (p) =>
        Number(p.replay) === 1 &&
        !used.has(p.id) &&
        p.started_on === columns.started_on &&
        p.finished_on === columns.finished_on &&
        p.rating === columns.rating &&
        p.completion === columns.completion &&
        p.platform_id === columns.platform_id,
    );
    if (same) {
      used.add(same.id);
      ids.set(play.number, same.id);
      continue;
    }
    if (count >= PLAY_LIMITS.perGame) continue;
    const reviewedAt = play.review === null ? null : (play.reviewedAt ?? play.loggedAt ?? v.at);
    const id = await playsRepo.insert(trx, {
      user_id: v.userId,
      entry_id: v.entryId,
      replay: 1,
      ...columns,
      review: play.review,
      review_created_at: reviewedAt,
      review_updated_at: reviewedAt,
      created_at: play.loggedAt ?? v.at,
      updated_at: v.at,
    });
    count += 1;
    ids.set(play.number, id);
  }
  return ids;
}

interface ReplaySession {
  id: number;
  played_on: string;
  event: string;
  rating: number | null;
  platform_id: number | null;
  created_at: number | string;
}

/**
 * Plays for an entry the file said nothing of plays for: its first play from
 * the entry (when it was played and has none), and replay sessions no play
 * holds yet grouped into replays, a run ending at a finished session.
 */
export async function derivePlays(trx: Conn, entryId: number, at: number): Promise<void> {
  const found = await libraryRepo.entryById(trx, entryId);
  const entry = found && (await libraryRepo.entryOf(trx, found.user_id, found.game_id));
  if (!entry) return;
  const [first, sessions, platforms] = await Promise.all([
    playsRepo.first(trx, entryId),
    trx.selectFrom('diary_entries').select(['id', 'played_on', 'event', 'rating', 'platform_id', 'created_at', 'replay', 'play_id']).where('entry_id', '=', entryId).orderBy('played_on').orderBy('id').execute(),
    trx.selectFrom('library_entry_platforms').select('platform_id').where('entry_id', '=', entryId).execute(),
  ]);
  if (!first && (entryIsPlayed(entry) || sessions.length > 0)) {
    await playsRepo.insert(trx, {
      user_id: entry.user_id,
      entry_id: entryId,
      replay: 0,
      started_on: entry.started_on ?? sessions.find((s) => Number(s.replay) === 0)?.played_on ?? null,
      finished_on: entry.finished_on,
      platform_id: platforms.length === 1 ? platforms[0]!.platform_id : null,
      completion: entry.completion,
      rating: entry.rating,
      created_at: Number(entry.created_at),
      updated_at: at,
    });
  }
  let run: ReplaySession[] = [];
  const flush = async () => {
    if (run.length === 0) return;
    const last = <K extends keyof ReplaySession>(key: K) => [...run].reverse().find((s) => s[key] !== null)?.[key] ?? null;
    const id = await playsRepo.insert(trx, {
      user_id: entry.user_id,
      entry_id: entryId,
      replay: 1,
      started_on: run[0]!.played_on,
      finished_on: run.find((s) => s.event === 'finished')?.played_on ?? null,
      platform_id: last('platform_id') as number | null,
      rating: last('rating') as number | null,
      created_at: Number(run[0]!.created_at),
      updated_at: at,
    });
    await trx.updateTable('diary_entries').set({ play_id: id }).where('id', 'in', run.map((s) => s.id)).execute();
    run = [];
  };
  for (const session of sessions.filter((s) => Number(s.replay) === 1 && s.play_id === null)) {
    if (session.event === 'started' && run.length > 0) await flush();
    run.push(session);
    if (session.event === 'finished') await flush();
  }
  await flush();
}
