import { sql, type Expression, type SqlBool } from 'kysely';
import type { Role, UserState } from '../../db/schema.js';

/**
 * Unlisted games: games members submitted that a moderator has not approved
 * (pending) or has turned down (rejected). Only their submitter and
 * moderators see them; every catalog list (browse, search, trending,
 * upcoming, the home page's rows, popular reviews) leaves them out, and a
 * game's page and the calls about a game answer 404 to anyone else. The
 * states are literals so SQLite reads the partial index
 * game_submissions_unlisted (migration 0035): a handful of rows, probed by
 * game id without reading the game's row, so an index-only walk stays one.
 */
export const UNLISTED_GAME_IDS = sql<number>`select game_id from game_submissions where state in ('pending', 'rejected') and game_id is not null`;

/** `column` (a game id) is not an unlisted game: for `.where(listedGame('g.id'))`. */
export const listedGame = (column: string): Expression<SqlBool> => sql<SqlBool>`${sql.ref(column)} not in (${UNLISTED_GAME_IDS})`;

/** Who is looking at a game: its submitter and moderators see it while it is unlisted. */
export interface GameViewer {
  id: number;
  role: Role;
  state: UserState;
}

/** What findGameBySlug reads besides the game: whether it is unlisted, and who submitted it. */
export interface GameListing {
  /** The pending or rejected submission that keeps it unlisted; null for a catalog game. */
  unlisted_submission: number | null;
  submitted_by: number | null;
}

const isStaff = (viewer: GameViewer) => viewer.state === 'active' && (viewer.role === 'moderator' || viewer.role === 'admin');

/** Whether the viewer sees the game: a listed game everyone; an unlisted one its submitter and staff. */
export function canSeeGame(game: GameListing, viewer: GameViewer | null | undefined): boolean {
  if (game.unlisted_submission === null) return true;
  if (!viewer) return false;
  return (game.submitted_by !== null && viewer.id === game.submitted_by) || isStaff(viewer);
}
