import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { STATS_BUCKETS } from './0024_stats_buckets.js';

/**
 * Stats count a member's reviews that everyone reading the stats may open
 * (public, not hidden by a moderator: stats.repo libraryEntries). 0024's
 * triggers bump a member's stats only when the review's text or date moves,
 * so a moderator hiding a review, or its author making it followers-only,
 * left the kept count stale: this trigger bumps the entry's bucket when
 * hidden_at or review_visibility change. Additive: 0024's triggers stay.
 * (PostgreSQL allows no column list with transition tables: the statement
 * trigger fires on every update and keeps the rows where either changed.)
 */
const entriesPart = (row: string) => `(-1 - ${row}.game_id % ${STATS_BUCKETS})`;

const SQLITE = [
  `create trigger library_entries_stats_audience after update of hidden_at, review_visibility on library_entries begin ` +
    `insert into member_stats_versions (user_id, part, version) values (new.user_id, ${entriesPart('new')}, 1) ` +
    `on conflict (user_id, part) do update set version = version + 1; end`,
];

const POSTGRES = [
  `create or replace function stats_bump_entries_audience() returns trigger language plpgsql as $$ begin ` +
    `insert into member_stats_versions (user_id, part, version) select distinct n.user_id, ${entriesPart('n')}, 1 ` +
    `from new_rows n join old_rows o on o.id = n.id where n.hidden_at is distinct from o.hidden_at or n.review_visibility is distinct from o.review_visibility ` +
    `on conflict (user_id, part) do update set version = member_stats_versions.version + 1; return null; end $$`,
  `create trigger library_entries_stats_audience after update on library_entries referencing new table as new_rows old table as old_rows ` +
    `for each statement execute function stats_bump_entries_audience()`,
];

export const statsReviewAudienceMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const statement of dialect === 'postgres' ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (dialect === 'postgres') {
      await sql.raw('drop trigger if exists library_entries_stats_audience on library_entries').execute(db);
      await sql.raw('drop function if exists stats_bump_entries_audience()').execute(db);
    } else {
      await sql.raw('drop trigger if exists library_entries_stats_audience').execute(db);
    }
  },
});
