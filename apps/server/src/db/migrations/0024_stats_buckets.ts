import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { dropStatsTriggers, statsTriggers } from './0018_stats.js';

/**
 * Stats counters per bucket of games (issue 17). 0018 counted a member's
 * whole library as one part (0) and the platforms their entries list as
 * another (1), so rating one game made the stats read all 3,000 entries of
 * a heavy member again. Now each of those parts is split by game: part
 * -1 - (game_id % 32) counts the library entries of the games in that
 * bucket, -101 - (game_id % 32) the platforms they list. A rating, a new
 * game or a platform re-reads ~1/32 of the library. The diary's parts
 * (YYYY) are unchanged. The triggers keep 0018's names and shape (a row
 * trigger on SQLite, a statement trigger on PostgreSQL); 0018's parts 0
 * and 1 are no longer moved and are deleted.
 */
export const STATS_BUCKETS = 32;
const entriesPart = (row: string) => `(-1 - ${row}.game_id % ${STATS_BUCKETS})`;
const listedPart = (row: string) => `(-101 - ${row}.game_id % ${STATS_BUCKETS})`;

const COUNTED_COLUMNS = ['status', 'rating', 'started_on', 'finished_on', 'review', 'review_created_at'];
const MOVED_COLUMNS = ['game_id', 'user_id'];

function sqliteTriggers() {
  const bump = (user: string, part: string) =>
    `insert into member_stats_versions (user_id, part, version) values (${user}, ${part}, 1) on conflict (user_id, part) do update set version = version + 1;`;
  const bumpOwnerOf = (row: string) =>
    `insert into member_stats_versions (user_id, part, version) select e.user_id, ${listedPart('e')}, 1 from library_entries e where e.id = ${row}.entry_id ` +
    `on conflict (user_id, part) do update set version = version + 1;`;
  const trigger = (name: string, when: string, table: string, body: string[]) => `create trigger ${name} after ${when} on ${table} begin ${body.join(' ')} end`;
  const both = (row: string) => [bump(`${row}.user_id`, entriesPart(row)), bump(`${row}.user_id`, listedPart(row))];
  return [
    trigger('library_entries_stats_insert', 'insert', 'library_entries', both('new')),
    trigger('library_entries_stats_delete', 'delete', 'library_entries', both('old')),
    trigger('library_entries_stats_update', `update of ${COUNTED_COLUMNS.join(', ')}`, 'library_entries', [bump('new.user_id', entriesPart('new'))]),
    trigger('library_entries_stats_move', `update of ${MOVED_COLUMNS.join(', ')}`, 'library_entries', [...both('old'), ...both('new')]),
    trigger('library_entry_platforms_stats_insert', 'insert', 'library_entry_platforms', [bumpOwnerOf('new')]),
    trigger('library_entry_platforms_stats_delete', 'delete', 'library_entry_platforms', [bumpOwnerOf('old')]),
  ];
}

/** PostgreSQL: the same trigger functions (and triggers) as 0018, with bucketed parts. */
function postgresFunctions() {
  const upsert = (rows: string) =>
    `insert into member_stats_versions (user_id, part, version) select distinct user_id, part, 1 from (${rows}) r ` +
    `on conflict (user_id, part) do update set version = member_stats_versions.version + 1;`;
  const both = (table: string, alias: string) =>
    `select ${alias}.user_id, ${entriesPart(alias)} as part from ${table} ${alias} union select ${alias}.user_id, ${listedPart(alias)} from ${table} ${alias}`;
  const changed = (columns: string[]) => columns.map((c) => `n.${c} is distinct from o.${c}`).join(' or ');
  const pairs = 'new_rows n join old_rows o on o.id = n.id';
  const fn = (name: string, body: string) => `create or replace function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`;
  const moved = (alias: 'n' | 'o') =>
    `select ${alias}.user_id, ${entriesPart(alias)} as part from ${pairs} where ${changed(MOVED_COLUMNS)} ` +
    `union select ${alias}.user_id, ${listedPart(alias)} from ${pairs} where ${changed(MOVED_COLUMNS)}`;
  return [
    fn('stats_bump_entries_new', upsert(both('new_rows', 'n'))),
    fn('stats_bump_entries_old', upsert(both('old_rows', 'o'))),
    fn('stats_bump_entries_changed', upsert(`select n.user_id, ${entriesPart('n')} as part from ${pairs} where ${changed(COUNTED_COLUMNS)} union ${moved('n')} union ${moved('o')}`)),
    fn('stats_bump_entry_platforms_new', upsert(`select e.user_id, ${listedPart('e')} as part from new_rows n join library_entries e on e.id = n.entry_id`)),
    fn('stats_bump_entry_platforms_old', upsert(`select e.user_id, ${listedPart('e')} as part from old_rows o join library_entries e on e.id = o.entry_id`)),
  ];
}

const SQLITE_REPLACED = [
  'library_entries_stats_insert',
  'library_entries_stats_delete',
  'library_entries_stats_update',
  'library_entries_stats_move',
  'library_entry_platforms_stats_insert',
  'library_entry_platforms_stats_delete',
];

export const statsBucketsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'postgres') {
      for (const statement of postgresFunctions()) await sql.raw(statement).execute(db);
    } else {
      for (const name of SQLITE_REPLACED) await sql.raw(`drop trigger if exists ${name}`).execute(db);
      for (const statement of sqliteTriggers()) await sql.raw(statement).execute(db);
    }
    await sql`delete from member_stats_versions where part in (0, 1)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await dropStatsTriggers(db, dialect);
    for (const statement of statsTriggers(dialect)) await sql.raw(statement).execute(db);
    // Every member's stats are read again from 0018's parts: their counters start anew above any kept value's.
    await sql`delete from member_stats_versions where part < 0`.execute(db);
  },
});
