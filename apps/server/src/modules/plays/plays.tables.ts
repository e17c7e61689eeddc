import type { Generated } from 'kysely';
import type { Completion } from '@vgl/shared';

/** One playthrough of a game (0051, issue 38). The first (replay 0, one per entry) is the entry's; its review is the entry's main review. */
export interface PlaysTable {
  id: Generated<number>;
  user_id: number;
  entry_id: number;
  /** 0 for the first play of the game, 1 for a replay. */
  replay: Generated<number>;
  /** ISO dates "YYYY-MM-DD". */
  started_on: string | null;
  finished_on: string | null;
  platform_id: number | null;
  completion: Completion | null;
  /** 1–10 (half stars). */
  rating: number | null;
  /** A replay's own review; always null on the first play (its review is the entry's). */
  review: string | null;
  review_spoilers: Generated<number>;
  review_created_at: number | null;
  review_updated_at: number | null;
  created_at: number;
  updated_at: number;
}
