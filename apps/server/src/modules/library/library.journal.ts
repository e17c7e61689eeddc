import { JOURNAL_LIMITS, JOURNAL_MESSAGES, type DiaryFilters } from '@vgl/shared';
import type { DiaryQuery, DiarySessionInput, DiarySessionUpdate } from '@vgl/shared/schemas';
import { lockMember } from '../../db/concurrency.js';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { UserRow } from '../users/users.repo.js';
import { diaryColumns, entryAddedOnlyBy, entryColumnsFromFinish, entryColumnsFromPlay } from './library.diary.js';
import type { LibraryAction } from './library.policy.js';
import { presentDiaryEntry } from './library.presenter.js';
import { blankEntry, libraryRepo, type Conn } from './library.repo.js';
import { playsAfterSession } from '../plays/plays.hooks.js';

/*
 * The play journal: a member logs a session of a game on any past day, with
 * its time, platform, note and the finished/replay flags, and edits or
 * deletes it in place. Every session is a diary entry; its minutes count
 * into the game's time played (LibraryEntry.totalHours, the sum of the
 * game's diary entries). Limits per day keep one member's diary readable
 * and are checked under the member's lock, so parallel requests cannot
 * pass them together.
 */

type Actor = UserRow | null;

interface JournalDeps {
  db: Db;
  activity: ActivityService;
  now: () => number;
  ownerFor: (actor: Actor, username: string, action: LibraryAction) => Promise<UserRow>;
  /** The game as the actor may see it (a member's game awaiting a moderator: its submitter's). */
  gameFor: (slug: string, viewer: Actor) => Promise<{ id: number; slug: string }>;
  /** library.service's EntryWrittenHook: told after every session written or deleted (it may finish a play, change its hours, or take its entry with it). */
  onEntryWritten?: ((entryId: number) => void) | undefined;
}

/** A session's time as whole minutes: given as minutes, or as hours. */
export const sessionMinutes = (session: { hours: number | null; minutes?: number | null | undefined }) =>
  session.minutes ?? (session.hours === null ? null : Math.round(session.hours * 60));

const noSuchEntry = () => notFound(JOURNAL_MESSAGES.noSuchEntry);

/** What a session tells its play (plays.hooks). */
const sessionOf = (input: DiarySessionUpdate, platformId: number | null) => ({
  playedOn: input.playedOn,
  event: input.event,
  rating: input.rating,
  replay: input.replay,
  platformId,
});

export function createJournal({ db, activity, now, ownerFor, gameFor, onEntryWritten }: JournalDeps) {
  const k = db.kysely;

  /** The platform's id; an unknown slug is bad input with the field named. */
  async function platformId(conn: Conn, slug: string | null): Promise<number | null> {
    if (slug === null) return null;
    const [row] = await libraryRepo.platformIdsBySlug(conn, [slug]);
    if (!row) throw badRequest(`There is no platform "${slug}".`, { platform: `There is no platform "${slug}".` });
    return row.id;
  }

  /** Refuses a session past the day's limits (the caller holds the member's lock). */
  async function checkDayLimits(trx: Conn, userId: number, gameId: number, playedOn: string, exceptId?: number) {
    const [day, game] = await Promise.all([
      libraryRepo.diaryCountOn(trx, userId, playedOn, { exceptId }),
      libraryRepo.diaryCountOn(trx, userId, playedOn, { gameId, exceptId }),
    ]);
    if (day >= JOURNAL_LIMITS.sessionsPerDay) throw badRequest(JOURNAL_MESSAGES.sessionsPerDay, { playedOn: JOURNAL_MESSAGES.sessionsPerDay });
    if (game >= JOURNAL_LIMITS.sessionsPerGamePerDay) {
      throw badRequest(JOURNAL_MESSAGES.sessionsPerGamePerDay, { playedOn: JOURNAL_MESSAGES.sessionsPerGamePerDay });
    }
  }

  const columns = (session: DiarySessionUpdate, platform_id: number | null) => ({
    ...diaryColumns({ ...session, hours: null }),
    minutes_played: sessionMinutes(session),
    platform_id,
  });

  /** A diary entry just written; deleted meanwhile (by another request) it is a 404 like any other. */
  async function diaryEntryOrGone(id: number) {
    const row = await libraryRepo.diaryById(k, id);
    if (!row) throw noSuchEntry();
    return presentDiaryEntry(row);
  }

  return {
    async diary(actor: Actor, username: string, query: DiaryQuery) {
      const owner = await ownerFor(actor, username, 'read');
      const platform = query.platform === undefined ? undefined : ((await libraryRepo.platformIdsBySlug(k, [query.platform]))[0]?.id ?? null);
      const { rows, total } = await libraryRepo.diaryOf(k, owner.id, query.limit, (query.page - 1) * query.limit, { year: query.year, platformId: platform });
      return { items: rows.map(presentDiaryEntry), total };
    },

    async diaryFilters(actor: Actor, username: string): Promise<DiaryFilters> {
      const owner = await ownerFor(actor, username, 'read');
      return libraryRepo.diaryFilters(k, owner.id);
    },

    /** Logs a session; a game not yet in the library is added with the status the play implies, a finish beats one already there. */
    async addDiary(actor: Actor, username: string, input: DiarySessionInput) {
      const owner = await ownerFor(actor, username, 'write');
      const game = await gameFor(input.game, actor);
      const at = now();
      const { id, entryId } = await k.transaction().execute(async (trx) => {
        // The day's limits and "is the game new" are read before writing: one request of this member at a time.
        await lockMember(db, trx, owner.id);
        const platform = await platformId(trx, input.platform);
        await checkDayLimits(trx, owner.id, game.id, input.playedOn);
        const existing = await libraryRepo.entryOf(trx, owner.id, game.id);
        const implied = entryColumnsFromPlay(input);
        const entryId = existing?.id ?? (await libraryRepo.insertEntry(trx, { ...blankEntry(owner.id, game.id, at), ...implied })).id;
        // Finishing a game already in the library beats it, as logging a finish of a new game does (a replay's finish: its play, below).
        const finish = existing && input.event === 'finished' && !input.replay ? entryColumnsFromFinish(existing, input.playedOn) : {};
        if (existing) await libraryRepo.updateEntry(trx, existing.id, { ...finish, updated_at: Math.max(at, Number(existing.updated_at) + 1) });
        else await activity.record(trx, owner.id, { verb: 'added', gameId: game.id, entryId, value: implied.status });
        const diaryId = (
          await libraryRepo.insertDiary(trx, { user_id: owner.id, entry_id: entryId, game_id: game.id, ...columns(input, platform), created_at: at })
        ).id;
        await playsAfterSession(trx, { id: diaryId, entryId, ...sessionOf(input, platform), playId: input.playId }, at);
        // The feed says "played"; the activity keeps the diary id (value) so deleting the session takes it away.
        await activity.record(trx, owner.id, { verb: 'played', gameId: game.id, entryId, value: diaryId });
        return { id: diaryId, entryId };
      });
      // A session may finish a play, and counts in its hours (federation: the finished play's note).
      onEntryWritten?.(entryId);
      return diaryEntryOrGone(id);
    },

    /** Replaces every field but the game; moving it to another day checks that day's limits. */
    async updateDiary(actor: Actor, username: string, id: number, input: DiarySessionUpdate) {
      const owner = await ownerFor(actor, username, 'write');
      const entryId = await k.transaction().execute(async (trx) => {
        await lockMember(db, trx, owner.id);
        const row = await libraryRepo.diaryById(trx, id);
        if (!row || row.user_id !== owner.id) throw noSuchEntry();
        const platform = await platformId(trx, input.platform);
        if (input.playedOn !== row.played_on) await checkDayLimits(trx, owner.id, row.game_id, input.playedOn, id);
        await libraryRepo.updateDiary(trx, id, columns(input, platform));
        // Its play stays unless asked or the replay flag changed (then the replay under way, or the first play).
        const playId = input.playId !== undefined ? input.playId : Number(row.replay) === (input.replay ? 1 : 0) ? (row.play_id ?? null) : undefined;
        await playsAfterSession(trx, { id, entryId: row.entry_id, ...sessionOf(input, platform), playId }, now());
        if (input.event === 'finished' && !input.replay) {
          // Made a finish (or a finish moved): the entry follows as when it is logged. Its updated_at stays: the
          // session changed, not the entry, so a game this session added still goes with it (entryAddedOnlyBy).
          const entry = await libraryRepo.entryById(trx, row.entry_id);
          const finish = entry ? entryColumnsFromFinish(entry, input.playedOn, row.event === 'finished' ? row.played_on : undefined) : {};
          if (Object.keys(finish).length > 0) await libraryRepo.updateEntry(trx, row.entry_id, finish);
        }
        return row.entry_id;
      });
      onEntryWritten?.(entryId);
      return diaryEntryOrGone(id);
    },

    /** Deletes a session; a game that session alone added to the library leaves it too (entryAddedOnlyBy). */
    async removeDiary(actor: Actor, username: string, id: number) {
      const owner = await ownerFor(actor, username, 'write');
      const entryId = await k.transaction().execute(async (trx) => {
        // Two deletes at once: the second finds nothing (404), as it would a moment later.
        await lockMember(db, trx, owner.id);
        const row = await libraryRepo.diaryById(trx, id);
        if (!row || row.user_id !== owner.id) throw noSuchEntry();
        const entryGoes = await entryAddedOnlyBy(trx, row);
        await libraryRepo.deleteDiary(trx, id);
        await trx
          .deleteFrom('activities')
          .where('entry_id', '=', row.entry_id)
          .where('actor_id', '=', owner.id)
          .where('verb', '=', 'played')
          .where('value', '=', id)
          .execute();
        // The session was all there was of the game: it leaves the library (its "added" goes with it), and stats stop counting it.
        if (entryGoes) await libraryRepo.deleteEntry(trx, row.entry_id);
        return row.entry_id;
      });
      // The entry gone with it, or a play's hours changed.
      onEntryWritten?.(entryId);
    },
  };
}
