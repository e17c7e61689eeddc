import { LIBRARY_LIMITS } from '@vgl/shared';
import type { Conn } from '../library/library.repo.js';
import type { GamePlan } from './import.apply.js';
import { chunks } from './import.match.js';
import type { LineError } from './import.rows.js';

const notMadeFavourite = (plan: GamePlan): LineError => ({
  line: plan.changes?.line ?? 0,
  message: `${plan.game.name} was not made a favourite: you can have up to ${LIBRARY_LIMITS.favourites} favourite games.`,
});

/**
 * The places the file's favourites take, by game id, in the order the file
 * asks for; the limit counts the favourites the member already has (`held`:
 * their places). Games that are favourites already keep theirs.
 */
export async function planFavourites(db: Conn, userId: number, plans: GamePlan[], held: Set<number>, warnings: LineError[]): Promise<Map<number, number>> {
  const wantsFavourite = plans.filter((p) => p.changes?.favourite);
  const alreadyFavourite = new Set<number>();
  for (const ids of chunks(wantsFavourite.map((p) => p.game.id))) {
    const found = await db.selectFrom('library_entries').select('game_id').where('user_id', '=', userId).where('game_id', 'in', ids).where('favourite_position', 'is not', null).execute();
    for (const row of found) alreadyFavourite.add(row.game_id);
  }
  const taken = new Set(held);
  const positions = new Map<number, number>();
  const wanted = wantsFavourite
    .filter((p) => !alreadyFavourite.has(p.game.id))
    .sort((a, b) => (a.changes!.favouritePosition ?? Infinity) - (b.changes!.favouritePosition ?? Infinity));
  for (const plan of wanted) {
    if (taken.size >= LIBRARY_LIMITS.favourites) {
      warnings.push(notMadeFavourite(plan));
      continue;
    }
    const asked = plan.changes!.favouritePosition;
    const position = asked !== null && asked <= LIBRARY_LIMITS.favourites && !taken.has(asked) ? asked : Math.max(0, ...taken) + 1;
    taken.add(position);
    positions.set(plan.game.id, position);
  }
  return positions;
}

/**
 * The places were planned from the library as it was when the import began;
 * the member may have made favourites since (the import runs in batches,
 * under the member's lock each). Called in each batch, under that lock: a
 * planned place another game now holds, or one past the limit, is given up
 * with a warning — never a sixth favourite or two games in one place.
 */
export async function keepFavouritesFree(trx: Conn, userId: number, plans: GamePlan[], positions: Map<number, number>, warnings: LineError[]): Promise<void> {
  const planned = plans.filter((p) => positions.has(p.game.id));
  if (planned.length === 0) return;
  const ids = new Set(planned.map((p) => p.game.id));
  const others = (await trx.selectFrom('library_entries').select(['game_id', 'favourite_position']).where('user_id', '=', userId).where('favourite_position', 'is not', null).execute()).filter(
    (h) => !ids.has(h.game_id),
  );
  const taken = new Set(others.map((h) => h.favourite_position));
  for (const plan of planned) {
    const position = positions.get(plan.game.id)!;
    if (!taken.has(position) && taken.size < LIBRARY_LIMITS.favourites) {
      taken.add(position);
      continue;
    }
    positions.delete(plan.game.id);
    warnings.push(notMadeFavourite(plan));
  }
}
