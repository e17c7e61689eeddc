import { isStaff } from '../admin/admin.policy.js';
import { API_MESSAGES, LIBRARY_LIMITS, PLAY_STATUS, PRIVACY_MESSAGES, SETTINGS_MESSAGES, type LibraryEntry, type ProfileOverview } from '@vgl/shared';
import type { LibraryEntryInput, LibraryQuery } from '@vgl/shared/schemas';
import { lockMember } from '../../db/concurrency.js';
import type { Db } from '../../db/database.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { findGameBySlug } from '../catalog/catalog.repo.js';
import { usernameKey, usersRepo, type UserRow } from '../users/users.repo.js';
import { canLibrary, type LibraryAction } from './library.policy.js';
import {
  presentCommunityRating,
  presentDiaryEntry,
  presentEntryGame,
  presentLibraryEntry,
  presentLibraryGame,
  presentReviewEntry,
} from './library.presenter.js';
import { libraryRepo, type Conn, type EntryRow } from './library.repo.js';
import { mainReviewColumns } from './library.review-columns.js';
import { playsAfterLibraryForm } from '../plays/plays.hooks.js';
import { playsRepo } from '../plays/plays.repo.js';
import { saveDiaryForDates } from './library.diary.js';
import { createJournal } from './library.journal.js';
import { audienceRepo, type Relation } from '../audience/audience.repo.js';
import { canReadReview, canSee, reviewLevels } from '../audience/audience.policy.js';
import { followsRepo } from '../follows/follows.repo.js';
import type { ActivityService } from '../activity/activity.service.js';

const DAY = 86_400_000;
/** Trending reviews look back this far (the issue: the last 14 days). */
const TRENDING_REVIEW_WINDOW = 14 * DAY;

export type Actor = UserRow | null;
/** Which audience rule a read of a member goes through (ownerFor). */
export type Audience = 'content' | 'profile' | 'none';


/** Told when a review's text is written or changed, in its transaction (notifications: the members it @mentions). */
export type ReviewTextHook = (conn: Conn, review: { actorId: number; entryId: number; text: string; previous: string | null }) => Promise<void>;

/**
 * Told after a write to an entry has committed, with the entry's id (federation: its review is published, updated
 * or deleted elsewhere to match). Called for deletions too; it must not throw nor make the write wait.
 */
export type EntryWrittenHook = (entryId: number) => void;

export function createLibraryService(db: Db, activity: ActivityService, now: () => number = Date.now, onReviewText?: ReviewTextHook, onEntryWritten?: EntryWrittenHook) {
  const k = db.kysely;

  async function withPlatforms<T>(rows: EntryRow[], present: (row: EntryRow, platforms: string[]) => T): Promise<T[]> {
    const platforms = await libraryRepo.platformsOf(k, rows.map((r) => r.id));
    return rows.map((row) => present(row, platforms.get(row.id) ?? []));
  }

  /** The owner of a profile, after checking the actor may do this with it. */
  /**
   * The member named `username`, when `actor` may do `action` with their things. Reads go through the
   * audience rules (audience.policy): `audience` 'content' (the default: library, diary, reviews, lists,
   * stats, follows) is a 404 to someone the owner blocked and to a non-follower of a private owner;
   * 'profile' (their name, picture and counts) only the block; 'none' neither (follow, which says why itself).
   */
  async function ownerFor(actor: Actor, username: string, action: LibraryAction, audience: Audience = 'content'): Promise<UserRow> {
    return (await ownerSeen(actor, username, action, audience)).owner;
  }

  /** ownerFor, with how the actor stands towards the owner (null for visitors, the owner, and audience 'none'). */
  async function ownerSeen(actor: Actor, username: string, action: LibraryAction, audience: Audience = 'content') {
    // A signed-in reader's owner and relation come in one statement (a round trip fewer on every such read).
    const seen = actor && audience !== 'none' ? await audienceRepo.ownerSeenBy(k, usernameKey(username), actor.id) : undefined;
    const owner = actor && audience !== 'none' ? seen?.owner : await usersRepo.findByUsername(k, username);
    if (!owner || owner.state === 'pending' || !canLibrary(actor, 'read', owner)) throw notFound(`There is no user "${username}".`);
    if (action === 'write' && !canLibrary(actor, 'write', owner)) throw forbidden(API_MESSAGES.forbidden);
    const relation = seen && actor?.id !== owner.id ? seen.relation : null;
    if (audience !== 'none' && actor?.id !== owner.id) {
      if (relation?.blockedByOwner) throw notFound(`There is no user "${username}".`);
      // 404 like anything hidden (documented on every route that names a member), with a message that says why.
      if (audience === 'content' && !canSee(actor, owner, relation)) throw notFound(PRIVACY_MESSAGES.privateContent);
    }
    return { owner, relation };
  }

  /** The review levels `actor` reads of `owner`'s (audience.policy reviewLevels), from ownerSeen's relation. */
  const levelsFor = (actor: Actor, owner: UserRow, relation: Relation | null) => reviewLevels(actor, owner.id, relation?.follows ?? false);

  /** Authors a signed-in reader must not meet in lists of many members' reviews: blocked either way (audience hiddenFrom). */
  const hiddenFor = async (actor: Actor): Promise<ReadonlySet<number>> => (actor ? audienceRepo.hiddenFrom(k, actor.id) : new Set<number>());

  /** The game, as `viewer` may see it: a member's game awaiting a moderator is only its submitter's (and moderators'). */
  async function gameFor(slug: string, viewer: Actor = null) {
    const game = await findGameBySlug(k, slug, viewer);
    if (!game) throw notFound(`There is no game "${slug}".`);
    return game;
  }

  async function platformIds(conn: Conn, slugs: string[]): Promise<number[]> {
    const unique = [...new Set(slugs)];
    const rows = await libraryRepo.platformIdsBySlug(conn, unique);
    const missing = unique.filter((slug) => !rows.some((r) => r.slug === slug));
    if (missing.length > 0) throw badRequest(`There is no platform "${missing[0]}".`, { platforms: `There is no platform "${missing[0]}".` });
    return rows.map((r) => r.id);
  }

  /** The entry as `actor` may see it: the private fields only for the owner. */
  async function entryFor(actor: Actor, owner: UserRow, gameId: number): Promise<LibraryEntry> {
    const row = await libraryRepo.entryOf(k, owner.id, gameId);
    if (!row) throw notFound('This game is not in the library.');
    const [platforms, finished, totals, plays] = await Promise.all([
      libraryRepo.platformsOf(k, [row.id]),
      row.finished_on ? libraryRepo.diaryRowOn(k, row.id, 'finished', row.finished_on) : undefined,
      libraryRepo.diaryTotals(k, row.id),
      playsRepo.count(k, row.id),
    ]);
    // A review for followers or only its author is left out of the entry for anyone else (the rest of the entry stays).
    const readable =
      row.review === null || canReadReview(actor, owner.id, row.review_visibility, actor !== null && actor.id !== owner.id && (await followsRepo.isFollowing(k, actor.id, owner.id)));
    const shown = readable ? row : { ...row, review: null, review_slug: null, review_spoilers: 0 };
    return { ...presentLibraryEntry(shown, platforms.get(row.id) ?? [], finished?.minutes_played ?? null, totals, canLibrary(actor, 'readPrivate', owner)), plays };
  }

  const page = (p: number, limit: number) => ({ limit, offset: (p - 1) * limit });

  return {
    ownerFor,
    hiddenFor,
    // Sessions: diary, diaryFilters, addDiary, updateDiary, removeDiary.
    ...createJournal({ db, activity, now, ownerFor, gameFor, onEntryWritten }),

    async entry(actor: Actor, username: string, gameSlug: string) {
      const owner = await ownerFor(actor, username, 'read');
      return entryFor(actor, owner, (await gameFor(gameSlug, actor)).id);
    },

    /** Adds or edits the actor's entry for a game; returns it and whether it is new. */
    async saveEntry(actor: Actor, username: string, gameSlug: string, input: LibraryEntryInput): Promise<{ entry: LibraryEntry; created: boolean }> {
      const owner = await ownerFor(actor, username, 'write');
      const game = await gameFor(gameSlug, actor);
      const at = now();
      const { created, entryId: written } = await k.transaction().execute(async (trx) => {
        // Everything below reads before it writes (is the game new, how many favourites, which slug is free):
        // one member's library changes one request at a time.
        await lockMember(db, trx, owner.id);
        const ids = await platformIds(trx, input.platforms);
        const existing = await libraryRepo.entryOf(trx, owner.id, game.id);
        if (input.favourite && (existing?.favourite_position ?? null) === null) {
          const favourites = await libraryRepo.favouriteCount(trx, owner.id, existing?.id);
          if (favourites >= LIBRARY_LIMITS.favourites) {
            throw badRequest(SETTINGS_MESSAGES.tooManyFavourites, { favourite: SETTINGS_MESSAGES.tooManyFavourites });
          }
        }
        const favourite_position = !input.favourite
          ? null
          : (existing?.favourite_position ?? (await libraryRepo.nextFavouritePosition(trx, owner.id)));
        const reviewChanged = input.review !== (existing?.review ?? null);
        const review = await mainReviewColumns(trx, { userId: owner.id, gameSlug: game.slug, existing, review: input.review, at });
        const values = {
          status: input.status,
          rating: input.rating,
          ...review,
          started_on: input.startedOn,
          finished_on: input.finishedOn,
          favourite_position,
          // Left out of the form (an older client): the entry keeps what it has.
          owned: input.owned === undefined ? (existing?.owned ?? null) : input.owned === null ? null : input.owned ? 1 : 0,
          // Left out (QuickLog, older clients): the note stays as it is.
          ...(input.notes === undefined ? {} : { notes: input.notes }),
          // Only a beaten game has a completion level; left out, a beaten entry keeps its own.
          completion: input.status !== PLAY_STATUS.beaten ? null : input.completion === undefined ? (existing?.completion ?? null) : input.completion,
          // Every save moves it forward, even within the millisecond of the last: a game a session added is "never saved
          // since" only while updated_at equals created_at (entryAddedOnlyBy), and two requests can share a millisecond.
          updated_at: existing ? Math.max(at, Number(existing.updated_at) + 1) : at,
          // No review, no spoilers; left out, the mark stays with the review it was made for.
          ...(!input.review ? { review_spoilers: 0 } : input.spoilers === undefined ? {} : { review_spoilers: input.spoilers ? 1 : 0 }),
          // Left out (older clients): the review keeps who may read it.
          ...(input.reviewVisibility === undefined ? {} : { review_visibility: input.reviewVisibility }),
        };
        let entryId: number;
        if (existing) {
          entryId = existing.id;
          await libraryRepo.updateEntry(trx, entryId, values);
        } else {
          entryId = (await libraryRepo.insertEntry(trx, { user_id: owner.id, game_id: game.id, ...values, created_at: at })).id;
        }
        await libraryRepo.setPlatforms(trx, entryId, ids);
        if (favourite_position === null && (existing?.favourite_position ?? null) !== null) await libraryRepo.compactFavourites(trx, owner.id);
        await saveDiaryForDates(trx, { userId: owner.id, gameId: game.id, entryId, previous: existing, input, at });
        await playsAfterLibraryForm(trx, { entryId, previous: existing, replay: input.replay, platformIds: ids, at });
        // What followers see in their feeds: one row per thing that changed.
        const ref = { gameId: game.id, entryId };
        if (!existing) await activity.record(trx, owner.id, { verb: 'added', ...ref, value: input.status });
        else if (input.status !== null && input.status !== existing.status) await activity.record(trx, owner.id, { verb: 'status', ...ref, value: input.status });
        if (input.rating !== null && input.rating !== (existing?.rating ?? null)) await activity.record(trx, owner.id, { verb: 'rated', ...ref, value: input.rating });
        if (input.review && !existing?.review) await activity.record(trx, owner.id, { verb: 'reviewed', ...ref });
        if (input.review && reviewChanged) await onReviewText?.(trx, { actorId: owner.id, entryId, text: input.review, previous: existing?.review ?? null });
        return { created: !existing, entryId };
      });
      onEntryWritten?.(written);
      return { entry: await entryFor(actor, owner, game.id), created };
    },

    async removeEntry(actor: Actor, username: string, gameSlug: string) {
      const owner = await ownerFor(actor, username, 'write');
      const game = await gameFor(gameSlug, actor);
      const removed = await k.transaction().execute(async (trx) => {
        await lockMember(db, trx, owner.id);
        const existing = await libraryRepo.entryOf(trx, owner.id, game.id);
        if (!existing) throw notFound('This game is not in the library.');
        await libraryRepo.deleteEntry(trx, existing.id);
        if (existing.favourite_position !== null) await libraryRepo.compactFavourites(trx, owner.id);
        return existing.id;
      });
      onEntryWritten?.(removed);
    },

    /** The member whose library `actor` asks for, once the audience rules let them read it (a 404 otherwise). */
    libraryOwner: (actor: Actor, username: string) => ownerFor(actor, username, 'read'),

    /** A page of `owner`'s library: the same whoever may read it (libraryOwner decides who may). */
    async library(owner: UserRow, query: LibraryQuery) {
      const { rows, total } = await libraryRepo.library(k, owner.id, {
        status: query.status,
        shelf: query.shelf,
        sort: query.sort,
        ...page(query.page, query.limit),
      });
      return { items: rows.map(presentLibraryGame), total };
    },

    async reviews(actor: Actor, username: string, p: number, limit: number) {
      const { owner, relation } = await ownerSeen(actor, username, 'read');
      const { rows, total } = await libraryRepo.reviewsOf(k, owner.id, limit, (p - 1) * limit, levelsFor(actor, owner, relation));
      return { items: await withPlatforms(rows, presentReviewEntry), total };
    },

    async review(actor: Actor, username: string, slug: string) {
      const { owner, relation } = await ownerSeen(actor, username, 'read');
      const row = await libraryRepo.reviewBySlug(k, owner.id, slug, levelsFor(actor, owner, relation));
      // A review a moderator hid after a report is its author's (and moderators') alone.
      if (!row || (row.hidden_at !== null && actor?.id !== row.user_id && !isStaff(actor))) throw notFound(`There is no review "${slug}".`);
      return (await withPlatforms([row], presentReviewEntry))[0]!;
    },

    /** A game's public reviews; a signed-in reader's leave out members blocked either way (audience hiddenFrom). */
    async gameReviews(gameSlug: string, p: number, limit: number, actor: Actor = null) {
      const game = await gameFor(gameSlug);
      const without = await hiddenFor(actor);
      const { rows, total } = await libraryRepo.reviewsOfGame(k, game.id, limit, (p - 1) * limit, without);
      return { items: await withPlatforms(rows, presentReviewEntry), total };
    },

    async communityRating(gameId: number) {
      return presentCommunityRating(await libraryRepo.ratingCounts(k, { gameId }));
    },

    /** Most liked and commented reviews of the last 14 days; the newest reviews when there are none. */
    async trendingReviews(limit: number, actor: Actor = null) {
      // Read as many more as there are authors to leave out, so a reader with blocks still gets `limit`.
      const without = await hiddenFor(actor);
      const wanted = limit + without.size;
      const kept = (rows: EntryRow[]) => rows.filter((r) => !without.has(r.user_id));
      let rows = kept(await libraryRepo.trendingReviews(k, now() - TRENDING_REVIEW_WINDOW, wanted));
      if (rows.length < limit) {
        const seen = new Set(rows.map((r) => r.id));
        rows = [...rows, ...kept(await libraryRepo.recentReviews(k, wanted * 2)).filter((r) => !seen.has(r.id))];
      }
      return withPlatforms(rows.slice(0, limit), presentReviewEntry);
    },

    async featuredReviews(limit: number, actor: Actor = null) {
      const without = await hiddenFor(actor);
      const rows = (await libraryRepo.featuredReviews(k, limit + without.size)).filter((r) => !without.has(r.user_id));
      return withPlatforms(rows.slice(0, limit), presentReviewEntry);
    },

    /** Games most added or rated in the last `days` days (for trending games). */
    busiestGames: (days: number, limit: number) => libraryRepo.busiestGames(k, now() - days * DAY, limit),

    async profile(actor: Actor, username: string): Promise<ProfileOverview> {
      const { owner, relation } = await ownerSeen(actor, username, 'read', 'profile');
      // A private member's profile shows a non-follower their name, picture and counts only.
      const open = canSee(actor, owner, relation);
      const levels = reviewLevels(actor, owner.id, relation?.follows ?? false);
      const [counts, reviewCount, favourites, ratings, diary, reviews] = await Promise.all([
        libraryRepo.profileCounts(k, owner.id),
        // The review count is of the reviews this viewer may open (their reviews tab's total), not of every review written.
        libraryRepo.reviewCount(k, owner.id, levels),
        open ? libraryRepo.favourites(k, owner.id) : [],
        open ? libraryRepo.ratingCounts(k, { userId: owner.id }) : [],
        open ? libraryRepo.latestDiary(k, owner.id, 5) : [],
        open ? libraryRepo.latestReviews(k, owner.id, 3, levels) : [],
      ]);
      return {
        isPrivate: !open,
        followRequested: relation ? relation.requested : null,
        viewerBlocks: relation ? relation.blocksOwner : null,
        viewerMutes: relation ? relation.mutes : null,
        username: owner.username,
        avatar: owner.avatar,
        bio: owner.bio,
        joinedAt: Number(owner.created_at),
        counts: { ...counts, reviews: reviewCount, followers: Number(owner.followers_count), following: Number(owner.following_count) },
        isFollowing: relation ? relation.follows : null,
        favourites: favourites.map(presentEntryGame),
        ratings: presentCommunityRating(ratings),
        recentDiary: diary.map(presentDiaryEntry),
        recentReviews: await withPlatforms(reviews, presentReviewEntry),
      };
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
