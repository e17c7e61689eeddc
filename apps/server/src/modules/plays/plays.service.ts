import { PLAY_LIMITS, PLAY_MESSAGES, PLAY_STATUS, type Play, type PlayReview } from '@vgl/shared';
import type { PlayInput } from '@vgl/shared/schemas';
import { lockMember } from '../../db/concurrency.js';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { ActivityService } from '../activity/activity.service.js';
import { isStaff } from '../admin/admin.policy.js';
import { canReadReview } from '../audience/audience.policy.js';
import { findGameBySlug } from '../catalog/catalog.repo.js';
import { followsRepo } from '../follows/follows.repo.js';
import type { LibraryAction } from '../library/library.policy.js';
import { blankEntry, libraryRepo, type Conn, type EntryRow } from '../library/library.repo.js';
import { mainReviewColumns } from '../library/library.review-columns.js';
import type { EntryWrittenHook, ReviewTextHook } from '../library/library.service.js';
import type { UserRow } from '../users/users.repo.js';
import { keepPlayDates } from './plays.dates.js';
import { presentPlay } from './plays.presenter.js';
import { playsRepo, type PlayRow } from './plays.repo.js';
import { playsIntoEntry } from './plays.sync.js';

type Actor = UserRow | null;

interface PlaysDeps {
  db: Db;
  activity: ActivityService;
  now: () => number;
  /** The member named `username` when the actor may do `action` with their library (library.service ownerFor). */
  ownerFor: (actor: Actor, username: string, action: LibraryAction) => Promise<UserRow>;
  onReviewText?: ReviewTextHook | undefined;
  /** Told after a play's write committed (library.service's EntryWrittenHook): the entry's review or rating may have changed. */
  onEntryWritten?: EntryWrittenHook | undefined;
}

const noSuchPlay = () => notFound(PLAY_MESSAGES.noSuchPlay);
const notInLibrary = () => notFound('This game is not in the library.');

/**
 * Plays (issue 38): a member's playthroughs of a game, each with its own
 * dates, platform, completion and verdict. The first play is the library
 * entry's (its review the game's main review); later plays are replays.
 * Every write holds the member's lock, as the library and the journal do,
 * and leaves the entry agreeing with its plays (plays.sync).
 */
export function createPlaysService({ db, activity, now, ownerFor, onReviewText, onEntryWritten }: PlaysDeps) {
  const k = db.kysely;

  async function gameFor(slug: string, viewer: Actor) {
    const game = await findGameBySlug(k, slug, viewer);
    if (!game) throw notFound(`There is no game "${slug}".`);
    return game;
  }

  async function platformId(conn: Conn, slug: string | null): Promise<number | null> {
    if (slug === null) return null;
    const [row] = await libraryRepo.platformIdsBySlug(conn, [slug]);
    if (!row) throw badRequest(`There is no platform "${slug}".`, { platform: `There is no platform "${slug}".` });
    return row.id;
  }

  /** Whether `actor` reads the member's reviews of this game: their visibility, and a moderator's hiding (as library.service review does). */
  async function reviewsReadable(actor: Actor, owner: UserRow, entry: EntryRow): Promise<boolean> {
    if (actor?.id === owner.id) return true;
    const staff: boolean = isStaff(actor);
    // A review a moderator hid is its author's and moderators'; who else reads it is the author's choice, for moderators too.
    if (entry.hidden_at !== null && !staff) return false;
    const follows = actor !== null && (await followsRepo.isFollowing(k, actor.id, owner.id));
    return canReadReview(actor, owner.id, entry.review_visibility, follows);
  }

  /** An entry's plays as `actor` reads them, in play order. */
  async function playsOf(actor: Actor, owner: UserRow, entry: EntryRow): Promise<Play[]> {
    const rows = await playsRepo.ofEntry(k, entry.id);
    const first = rows.find((r) => Number(r.replay) === 0);
    const [totals, readable] = await Promise.all([playsRepo.totals(k, entry.id, first?.id), reviewsReadable(actor, owner, entry)]);
    const ctx = { username: owner.username, gameSlug: entry.game_slug, entry, readable };
    return rows.map((row, i) => presentPlay(row, i + 1, totals.get(row.id), ctx));
  }

  async function onePlay(actor: Actor, owner: UserRow, playId: number): Promise<Play> {
    const play = await playsRepo.byId(k, playId);
    const entry = play && (await libraryRepo.entryById(k, play.entry_id));
    if (!play || !entry) throw noSuchPlay();
    const found = (await playsOf(actor, owner, entry)).find((p) => p.id === playId);
    if (!found) throw noSuchPlay();
    return found;
  }

  /** The play's own columns from its form (the review aside). */
  const playColumns = (input: PlayInput, platform_id: number | null) => ({
    started_on: input.startedOn,
    finished_on: input.finishedOn,
    platform_id,
    completion: input.completion,
    rating: input.rating,
  });

  /** A replay's review columns: its first date stays, its edit date moves with the text. */
  const replayReviewColumns = (input: PlayInput, existing: Pick<PlayRow, 'review' | 'review_created_at' | 'review_updated_at'> | undefined, at: number) =>
    input.review === null
      ? { review: null, review_spoilers: 0, review_created_at: null, review_updated_at: null }
      : {
          review: input.review,
          review_spoilers: input.spoilers ? 1 : 0,
          review_created_at: existing?.review_created_at ?? at,
          review_updated_at: input.review !== existing?.review ? at : (existing?.review_updated_at ?? at),
        };

  /** Writes the first play's review as the entry's (the game's main review), with what writing a review does (feed, mentions). */
  async function writeMainReview(trx: Conn, owner: UserRow, entry: EntryRow, input: PlayInput, at: number) {
    const columns = await mainReviewColumns(trx, { userId: owner.id, gameSlug: entry.game_slug, existing: entry, review: input.review, at });
    const spoilers = input.review === null ? 0 : input.spoilers ? 1 : 0;
    if (columns.review === entry.review && spoilers === Number(entry.review_spoilers)) return;
    await libraryRepo.updateEntry(trx, entry.id, { ...columns, review_spoilers: spoilers, updated_at: Math.max(at, Number(entry.updated_at) + 1) });
    if (input.review && !entry.review) await activity.record(trx, owner.id, { verb: 'reviewed', gameId: entry.game_id, entryId: entry.id });
    if (input.review && input.review !== entry.review) await onReviewText?.(trx, { actorId: owner.id, entryId: entry.id, text: input.review, previous: entry.review });
  }

  /** After a play changed: the entry agrees with its plays again, and a new verdict reaches the feed. */
  async function settleEntry(trx: Conn, entryId: number, v: { finished: boolean; underWay: boolean; at: number }) {
    const found = await libraryRepo.entryById(trx, entryId);
    const entry = found && (await libraryRepo.entryOf(trx, found.user_id, found.game_id));
    if (!entry) return;
    const changed = await playsIntoEntry(trx, entry, v);
    const ref = { gameId: entry.game_id, entryId };
    if (changed.status !== undefined) await activity.record(trx, entry.user_id, { verb: 'status', ...ref, value: changed.status as number });
    if (typeof changed.rating === 'number') await activity.record(trx, entry.user_id, { verb: 'rated', ...ref, value: changed.rating });
  }

  return {
    async list(actor: Actor, username: string, gameSlug: string): Promise<Play[]> {
      const owner = await ownerFor(actor, username, 'read');
      const game = await gameFor(gameSlug, actor);
      const entry = await libraryRepo.entryOf(k, owner.id, game.id);
      if (!entry) throw notInLibrary();
      return playsOf(actor, owner, entry);
    },

    /** Logs a play: the game's first (adding it to the library when it is not there) or a replay. */
    async add(actor: Actor, username: string, gameSlug: string, input: PlayInput): Promise<Play> {
      const owner = await ownerFor(actor, username, 'write');
      const game = await gameFor(gameSlug, actor);
      const at = now();
      const { id, entryId } = await k.transaction().execute(async (trx) => {
        await lockMember(db, trx, owner.id);
        const platform = await platformId(trx, input.platform);
        let entry = await libraryRepo.entryOf(trx, owner.id, game.id);
        if (!entry) {
          const status = input.finishedOn || input.completion ? PLAY_STATUS.beaten : PLAY_STATUS.playing;
          const { id: entryId } = await libraryRepo.insertEntry(trx, { ...blankEntry(owner.id, game.id, at), status });
          await activity.record(trx, owner.id, { verb: 'added', gameId: game.id, entryId, value: status });
          entry = await libraryRepo.entryOf(trx, owner.id, game.id);
          if (!entry) throw notInLibrary();
        }
        const plays = await playsRepo.ofEntry(trx, entry.id);
        if (plays.length >= PLAY_LIMITS.perGame) throw badRequest(PLAY_MESSAGES.tooMany, { startedOn: PLAY_MESSAGES.tooMany });
        const isFirst = !plays.some((p) => Number(p.replay) === 0);
        const playId = await playsRepo.insert(trx, {
          user_id: owner.id,
          entry_id: entry.id,
          replay: isFirst ? 0 : 1,
          ...playColumns(input, platform),
          ...(isFirst ? {} : replayReviewColumns(input, undefined, at)),
          created_at: at,
          updated_at: at,
        });
        if (isFirst) await writeMainReview(trx, owner, entry, input, at);
        await keepPlayDates(trx, {
          userId: owner.id, gameId: game.id, entryId: entry.id, playId: isFirst ? null : playId, replay: !isFirst, platformId: platform,
          previous: undefined, next: { started_on: input.startedOn, finished_on: input.finishedOn, rating: input.rating }, at,
        });
        const finished = input.finishedOn !== null || input.completion !== null;
        await settleEntry(trx, entry.id, { finished, underWay: !finished, at });
        return { id: playId, entryId: entry.id };
      });
      onEntryWritten?.(entryId);
      return onePlay(actor, owner, id);
    },

    /** Replaces a play's fields with its form's. */
    async replace(actor: Actor, username: string, playId: number, input: PlayInput): Promise<Play> {
      const owner = await ownerFor(actor, username, 'write');
      const at = now();
      const entryId = await k.transaction().execute(async (trx) => {
        await lockMember(db, trx, owner.id);
        const play = await playsRepo.byId(trx, playId);
        const entry = play && play.user_id === owner.id ? await libraryRepo.entryById(trx, play.entry_id) : undefined;
        if (!play || !entry) throw noSuchPlay();
        const platform = await platformId(trx, input.platform);
        const replay = Number(play.replay) === 1;
        await playsRepo.update(trx, playId, { ...playColumns(input, platform), ...(replay ? replayReviewColumns(input, play, at) : {}), updated_at: at });
        if (!replay) await writeMainReview(trx, owner, entry, input, at);
        await keepPlayDates(trx, {
          userId: owner.id, gameId: entry.game_id, entryId: entry.id, playId: replay ? playId : null, replay, platformId: platform,
          previous: play, next: { started_on: input.startedOn, finished_on: input.finishedOn, rating: input.rating }, at,
        });
        const finishedNow = (input.finishedOn !== null || input.completion !== null) && play.finished_on === null && play.completion === null;
        await settleEntry(trx, entry.id, { finished: finishedNow, underWay: false, at });
        return entry.id;
      });
      onEntryWritten?.(entryId);
      return onePlay(actor, owner, playId);
    },

    /** Deletes a replay with its sessions (and their feed lines); the first play goes only with the game. */
    async remove(actor: Actor, username: string, playId: number): Promise<void> {
      const owner = await ownerFor(actor, username, 'write');
      const entryId = await k.transaction().execute(async (trx) => {
        await lockMember(db, trx, owner.id);
        const play = await playsRepo.byId(trx, playId);
        if (!play || play.user_id !== owner.id) throw noSuchPlay();
        if (Number(play.replay) === 0) throw badRequest(PLAY_MESSAGES.firstPlayStays);
        const sessions = (await trx.selectFrom('diary_entries').select('id').where('play_id', '=', playId).execute()).map((s) => s.id);
        if (sessions.length > 0) {
          await trx.deleteFrom('activities').where('entry_id', '=', play.entry_id).where('verb', '=', 'played').where('value', 'in', sessions).execute();
        }
        await playsRepo.remove(trx, playId);
        await settleEntry(trx, play.entry_id, { finished: false, underWay: false, at: now() });
        return play.entry_id;
      });
      onEntryWritten?.(entryId);
    },

    /** A replay's review on its own page. */
    async review(actor: Actor, username: string, gameSlug: string, playId: number): Promise<PlayReview> {
      const owner = await ownerFor(actor, username, 'read');
      const game = await gameFor(gameSlug, actor);
      const entry = await libraryRepo.entryOf(k, owner.id, game.id);
      if (!entry) throw noSuchPlay();
      const plays = await playsOf(actor, owner, entry);
      const play = plays.find((p) => p.id === playId);
      if (!play || !play.replay || play.review === null) throw noSuchPlay();
      return {
        play,
        game: { slug: game.slug, name: game.name, cover: entry.game_cover, releaseYear: entry.game_release_year === null ? null : Number(entry.game_release_year) },
        user: { username: owner.username, avatar: owner.avatar },
        plays: plays.length,
      };
    },
  };
}

export type PlaysService = ReturnType<typeof createPlaysService>;
