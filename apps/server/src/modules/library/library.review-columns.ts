import { libraryRepo, type Conn, type EntryRow } from './library.repo.js';

/** A review slug from the game slug, unique for this user ("zelda", then "zelda-2"). */
async function uniqueReviewSlug(db: Conn, userId: number, base: string): Promise<string> {
  const taken = new Set(await libraryRepo.reviewSlugsLike(db, userId, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * The entry's review columns for a new text (the library form, or the first
 * play's form: plays.service): a review keeps its slug — its address — for
 * good once it has one, its first date, and moves its edit date only when
 * the text changed.
 */
export async function mainReviewColumns(
  trx: Conn,
  v: { userId: number; gameSlug: string; existing: Pick<EntryRow, 'review' | 'review_slug' | 'review_created_at' | 'review_updated_at'> | undefined; review: string | null; at: number },
) {
  const { existing, review, at } = v;
  if (!review) return { review: null, review_slug: existing?.review_slug ?? null, review_created_at: null, review_updated_at: null };
  return {
    review,
    review_slug: existing?.review_slug ?? (await uniqueReviewSlug(trx, v.userId, v.gameSlug)),
    review_created_at: existing?.review_created_at ?? at,
    review_updated_at: review !== (existing?.review ?? null) ? at : (existing?.review_updated_at ?? at),
  };
}
