import { playReviewPath, type Play } from '@vgl/shared';
import type { PlayRow, PlayTotals } from './plays.repo.js';

/** What a play shows of its entry: the first play's review is the entry's (the game's main review). */
export interface EntryReview {
  review: string | null;
  review_slug: string | null;
  review_spoilers: number;
  review_created_at: number | string | null;
  review_updated_at: number | string | null;
}

const ms = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * A play as the API says it. `readable` is whether the reader may read the
 * member's reviews of this game (the entry's review visibility, a
 * moderator's hiding): when not, the play shows no review.
 */
export function presentPlay(
  row: PlayRow,
  number: number,
  totals: PlayTotals | undefined,
  ctx: { username: string; gameSlug: string; entry: EntryReview; readable: boolean },
): Play {
  const replay = Number(row.replay) === 1;
  const own = replay
    ? { review: row.review, spoilers: row.review_spoilers, created: row.review_created_at, updated: row.review_updated_at }
    : { review: ctx.entry.review, spoilers: ctx.entry.review_spoilers, created: ctx.entry.review_created_at, updated: ctx.entry.review_updated_at };
  const review = ctx.readable ? own.review : null;
  const minutes = totals?.minutes ?? null;
  return {
    id: row.id,
    number,
    replay,
    startedOn: row.started_on,
    finishedOn: row.finished_on,
    platform: row.platform_slug && row.platform_name ? { slug: row.platform_slug, name: row.platform_name } : null,
    completion: row.completion,
    rating: row.rating,
    review,
    spoilers: review !== null && Number(own.spoilers) === 1,
    reviewPath: review === null ? null : playReviewPath(ctx.username, ctx.gameSlug, { id: row.id, replay }, ctx.entry.review_slug),
    reviewCreatedAt: review === null ? null : ms(own.created),
    reviewUpdatedAt: review === null ? null : ms(own.updated),
    sessions: totals?.sessions ?? 0,
    hours: minutes === null ? null : Math.round(minutes / 6) / 10,
  };
}
