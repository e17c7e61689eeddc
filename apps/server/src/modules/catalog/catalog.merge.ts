import { sql, type Selectable, type Transaction } from 'kysely';
import { noteGameMoved } from './catalog.slugs.js';
import type { Dialect } from '../../db/database.js';
import type { Database, LibraryEntriesTable } from '../../db/schema.js';
import { settle as settlePlays } from '../plays/plays.hooks.js';
import { libraryRepo } from '../library/library.repo.js';

type Trx = Transaction<Database>;
type Entry = Selectable<LibraryEntriesTable>;

export interface GameMergeReport {
  /** Library entries moved over as they were. */
  moved: number;
  /** Members who had both games: their two entries became one. */
  combined: number;
}

/** How much a member put in an entry: a review outweighs everything else (see `richer`), then a rating, a status, notes, dates, likes and comments. */
function richness(e: Entry): number {
  return (
    (e.rating !== null ? 100 : 0) +
    (e.status !== null ? 50 : 0) +
    (e.notes ? 20 : 0) +
    (e.started_on ? 10 : 0) +
    (e.finished_on ? 10 : 0) +
    (e.playtime_minutes !== null ? 5 : 0) +
    Number(e.likes_count) +
    Number(e.comments_count)
  );
}

/** The loser's answers where the keeper has none; both reviews when both wrote one (the keeper's first): nothing a member wrote is dropped. */
function combined(keep: Entry, drop: Entry, at: number) {
  const bothReviewed = Boolean(keep.review && drop.review) && keep.review !== drop.review;
  const earliest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(Number(a), Number(b)));
  return {
    status: keep.status ?? drop.status,
    rating: keep.rating ?? drop.rating,
    started_on: keep.started_on ?? drop.started_on,
    finished_on: keep.finished_on ?? drop.finished_on,
    notes: keep.notes && drop.notes && keep.notes !== drop.notes ? `${keep.notes}\n\n${drop.notes}` : (keep.notes ?? drop.notes),
    owned: keep.owned ?? drop.owned,
    playtime_minutes: keep.playtime_minutes ?? drop.playtime_minutes,
    playtime_source: keep.playtime_minutes !== null ? keep.playtime_source : drop.playtime_source,
    favourite_position: keep.favourite_position ?? drop.favourite_position,
    featured_position: keep.featured_position ?? drop.featured_position,
    ...(bothReviewed
      ? { review: `${keep.review}\n\n${drop.review}`, review_created_at: earliest(keep.review_created_at, drop.review_created_at), review_updated_at: at }
      : {}),
    updated_at: at,
  };
}

/**
 * Moves everything members did with game `from` onto game `to` and deletes
 * `from`: library entries (with their platforms), diary entries, list
 * places, reviews with their likes and comments, notifications and feed
 * activity. A member who has both games keeps one entry: the richer one
 * (a review first), completed with what only the other had; when both hold
 * a review, the two are kept one after the other, so no review is ever lost.
 * Run inside the caller's transaction (the caller holds what it must: a
 * submission's row, the catalog's write).
 *
 * The seed refresh's own move (catalog.seed.ts moveMemberData) keeps a
 * member's two entries apart on purpose and leaves the old game in place;
 * a merge must leave nothing behind, so this is its own routine.
 */
export async function mergeGameInto(trx: Trx, dialect: Dialect, from: number, to: number, at: number): Promise<GameMergeReport> {
  if (from === to) throw new Error('mergeGameInto: a game cannot be merged into itself');
  const report: GameMergeReport = { moved: 0, combined: 0 };
  const entries = await trx.selectFrom('library_entries').selectAll().where('game_id', '=', from).orderBy('id').execute();
  const theirs = entries.length
    ? new Map(
        (await trx.selectFrom('library_entries').selectAll().where('game_id', '=', to).where('user_id', 'in', entries.map((e) => e.user_id)).execute()).map((e) => [
          e.user_id,
          e,
        ]),
      )
    : new Map<number, Entry>();

  for (const entry of entries) {
    const other = theirs.get(entry.user_id);
    if (!other) {
      await trx.updateTable('library_entries').set({ game_id: to }).where('id', '=', entry.id).execute();
      await trx.updateTable('diary_entries').set({ game_id: to }).where('entry_id', '=', entry.id).execute();
      report.moved += 1;
      continue;
    }
    // The reviewed one, else the richer; ties keep the catalog game's entry.
    const richer = Number(Boolean(entry.review)) - Number(Boolean(other.review)) || richness(entry) - richness(other);
    const [keep, drop] = richer > 0 ? [entry, other] : [other, entry];
    await trx
      .insertInto('library_entry_platforms')
      .columns(['entry_id', 'platform_id'])
      .expression((eb) =>
        eb
          .selectFrom('library_entry_platforms')
          .select([sql.lit(keep.id).as('entry_id'), 'platform_id'])
          .where('entry_id', '=', drop.id)
          .where('platform_id', 'not in', eb.selectFrom('library_entry_platforms').select('platform_id').where('entry_id', '=', keep.id)),
      )
      .execute();
    await trx.updateTable('diary_entries').set({ entry_id: keep.id, game_id: to }).where('entry_id', '=', drop.id).execute();
    // Plays (0051) go with their sessions: the dropped entry's replays become the kept one's, and its first play too when the kept
    // entry has none (else its first-play sessions, which name no play, are the kept first play's). Deleting the dropped entry
    // would otherwise take its replays, and their sessions, with it.
    const keptFirst = await trx.selectFrom('plays').select('id').where('entry_id', '=', keep.id).where('replay', '=', 0).executeTakeFirst();
    if (!keptFirst) await trx.updateTable('plays').set({ entry_id: keep.id }).where('entry_id', '=', drop.id).where('replay', '=', 0).execute();
    await trx.updateTable('plays').set({ entry_id: keep.id }).where('entry_id', '=', drop.id).where('replay', '=', 1).execute();
    await trx
      .updateTable('review_likes')
      .set({ entry_id: keep.id })
      .where('entry_id', '=', drop.id)
      .where('user_id', 'not in', (eb) => eb.selectFrom('review_likes').select('user_id').where('entry_id', '=', keep.id))
      .execute();
    await trx.updateTable('comments').set({ entry_id: keep.id }).where('entry_id', '=', drop.id).execute();
    await trx.updateTable('activities').set({ entry_id: keep.id, game_id: to }).where('entry_id', '=', drop.id).execute();
    await trx.updateTable('notifications').set({ entry_id: keep.id }).where('entry_id', '=', drop.id).execute();
    const values = combined(keep, drop, at);
    // The dropped entry goes first: the kept one may then take its game (one entry per member and game).
    await trx.deleteFrom('library_entries').where('id', '=', drop.id).execute();
    await trx
      .updateTable('library_entries')
      .set({
        ...values,
        game_id: to,
        // Members' likes and comments, and those from the fediverse (federation_reactions, federation_replies) on the kept review.
        likes_count: sql<number>`(select count(*) from review_likes where entry_id = ${keep.id}) + (select count(*) from federation_reactions where entry_id = ${keep.id} and kind = 'like')`,
        comments_count: sql<number>`(select count(*) from comments where entry_id = ${keep.id}) + (select count(*) from federation_replies where entry_id = ${keep.id} and hidden_at is null)`,
      })
      .where('id', '=', keep.id)
      .execute();
    await trx.updateTable('diary_entries').set({ game_id: to }).where('entry_id', '=', keep.id).execute();
    // The kept entry now holds both entries' plays: its dates and verdict follow them.
    await settlePlays(trx, keep.id, { finished: false, underWay: false, at });
    if (keep.favourite_position !== null && drop.favourite_position !== null) await libraryRepo.compactFavourites(trx, keep.user_id);
    report.combined += 1;
  }

  // What is left names the game without an entry: feed items, diary rows, list places, selections.
  await trx.updateTable('activities').set({ game_id: to }).where('game_id', '=', from).execute();
  await trx.updateTable('diary_entries').set({ game_id: to }).where('game_id', '=', from).execute();
  // A list that holds both keeps the target's place, with the note it had or else the other's.
  const both = trx.selectFrom('list_games').select('list_id').where('game_id', '=', to);
  const doubled = await trx.selectFrom('list_games').select(['list_id', 'note']).where('game_id', '=', from).where('list_id', 'in', both).execute();
  for (const place of doubled) {
    if (place.note) await trx.updateTable('list_games').set({ note: place.note }).where('list_id', '=', place.list_id).where('game_id', '=', to).where('note', 'is', null).execute();
  }
  await trx.deleteFrom('list_games').where('game_id', '=', from).where('list_id', 'in', both).execute();
  await trx.updateTable('list_games').set({ game_id: to }).where('game_id', '=', from).execute();
  const inSelections = trx.selectFrom('selection_games').select('selection_id').where('game_id', '=', to);
  await trx.deleteFrom('selection_games').where('game_id', '=', from).where('selection_id', 'in', inSelections).execute();
  await trx.updateTable('selection_games').set({ game_id: to }).where('game_id', '=', from).execute();

  // SQLite's full-text rows are keyed by search rank, not by game (search-index.ts): they do not go with the game.
  if (dialect === 'sqlite') await sql`delete from games_fts where rowid in (select rank from search_ranks where game_id = ${from})`.execute(trx);
  // Its address keeps working: a 301 to the game it is now part of (catalog.slugs.ts).
  await noteGameMoved(trx, from, to);
  await trx.deleteFrom('games').where('id', '=', from).execute();
  return report;
}
