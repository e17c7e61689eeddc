import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MovedName } from '../../http/moved-reads.js';

type K = Kysely<Database>;

/**
 * Notes that game `from` is now part of game `to`, before `from` goes: its
 * slug (and every slug that led to it) now leads to `to`. Called by whatever
 * folds one game into another: the embedded catalog's refresh, a
 * moderator's or a sync's merge.
 */
export async function noteGameMoved(k: K, from: number, to: number, now = Date.now()): Promise<void> {
  if (from === to) return;
  const old = await k.selectFrom('games').select('slug').where('id', '=', from).executeTakeFirst();
  await k.updateTable('game_slug_history').set({ game_id: to, moved_at: now }).where('game_id', '=', from).execute();
  if (!old) return;
  await k
    .insertInto('game_slug_history')
    .values({ slug: old.slug, game_id: to, moved_at: now })
    .onConflict((oc) => oc.column('slug').doUpdateSet({ game_id: to, moved_at: now }))
    .execute();
}

/** The current slug of the game that `slug` once named, when no game holds `slug` now. */
export async function currentSlugFor(k: K, slug: string): Promise<string | undefined> {
  if (await k.selectFrom('games').select('id').where('slug', '=', slug).executeTakeFirst()) return undefined;
  const row = await k
    .selectFrom('game_slug_history as h')
    .innerJoin('games as g', 'g.id', 'h.game_id')
    .select('g.slug')
    .where('h.slug', '=', slug)
    .executeTakeFirst();
  return row?.slug;
}

/** A game folded into another keeps its addresses (http/moved-reads.ts): /api/igdb/games/{former}/… and /games/{former}. */
export const formerGameSlugs = (k: K): MovedName => ({
  route: /^\/api\/igdb\/games\/:slug(?:\/|$)/,
  apiSegment: 4,
  page: { pattern: /^\/games\/[^/?]+/i, segment: 2 },
  current: (former) => currentSlugFor(k, former),
  description: 'The game is now part of another: `Location` is the same call under its current slug',
});
