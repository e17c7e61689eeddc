import type { ExpressionBuilder } from 'kysely';
import type { LibraryShelf } from '@vgl/shared';
import { preparedByShape } from '../../db/prepared.js';
import type { Database, LibraryEntriesTable } from '../../db/schema.js';
import type { Conn, ReviewLevels } from './library.columns.js';

/** A shelf of "want to play" games: the wishlist holds the ones not owned (0), the backlog the rest (owned or not said). */
export function onShelf(eb: ExpressionBuilder<Database & { e: LibraryEntriesTable }, 'e'>, shelf: LibraryShelf) {
  return eb.and([
    eb('e.status', '=', 4),
    shelf === 'wishlist' ? eb('e.owned', '=', 0) : eb.or([eb('e.owned', 'is', null), eb('e.owned', '<>', 0)]),
  ]);
}

export interface EntryCountFilter {
  userId?: number;
  gameId?: number;
  status?: number;
  shelf?: LibraryShelf;
  /** Only reviews others may see. */
  reviews?: boolean;
  /** With reviews: only those at these levels (and public) — a member's reviews as one viewer reads them. */
  reviewLevelA?: ReviewLevels['a'];
  reviewLevelB?: ReviewLevels['b'];
  favourites?: boolean;
  exceptEntryId?: number;
}

/** Which filters a count has (and the shelf, which changes its condition): one prepared statement each. */
const entryCounts = preparedByShape((db, v: EntryCountFilter, shape: string) => {
  const has = (filter: keyof EntryCountFilter) => shape.split(',').includes(filter);
  const shelf = shape.split(',').find((part) => part.startsWith('shelf:'))?.slice('shelf:'.length) as LibraryShelf | undefined;
  return db
    .selectFrom('library_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .$if(has('userId'), (q) => q.where('e.user_id', '=', v.userId!))
    .$if(has('gameId'), (q) => q.where('e.game_id', '=', v.gameId!))
    .$if(has('status'), (q) => q.where('e.status', '=', v.status!))
    .$if(shelf !== undefined, (q) => q.where((eb) => onShelf(eb, shelf!)))
    .$if(has('reviews'), (q) => q.where('e.review', 'is not', null).where('u.state', '=', 'active').where('e.hidden_at', 'is', null))
    // A game's reviews leave out private members' (audience module); a member's own count keeps them.
    .$if(has('reviews') && has('gameId'), (q) => q.where('u.is_private', '=', 0).where('e.review_visibility', '=', 'public'))
    .$if(has('reviewLevelA'), (q) =>
      q.where((eb) => eb.or([eb('e.review_visibility', '=', 'public'), eb('e.review_visibility', '=', v.reviewLevelA!), eb('e.review_visibility', '=', v.reviewLevelB!)])),
    )
    .$if(has('favourites'), (q) => q.where('e.favourite_position', 'is not', null))
    .$if(has('exceptEntryId'), (q) => q.where('e.id', '!=', v.exceptEntryId!));
});

export async function countEntries(db: Conn, f: EntryCountFilter): Promise<number> {
  const shape = (['userId', 'gameId', 'status', 'reviews', 'reviewLevelA', 'favourites', 'exceptEntryId'] as const)
    .filter((filter) => f[filter] !== undefined && f[filter] !== false)
    .concat(f.shelf === undefined ? [] : [`shelf:${f.shelf}` as never])
    .join(',');
  const [row] = await entryCounts(db, shape, f);
  return Number(row?.n ?? 0);
}
