import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Stats and the year in review (issue 17).
 *
 * - diary_entries_user_stats: every column the stats read of a member's
 *   diary after (user_id, played_on), so a year's sessions are counted from
 *   the index alone, without a row lookup per session.
 * - member_stats_versions: counters per member and part that move whenever
 *   that part of their data changes:
 *     part 0     their library entries' counted columns (status, rating,
 *                dates, review), and which games the library holds;
 *     part 1     the platforms each entry lists (and which entries there
 *                are);
 *     part YYYY  the diary entries dated in that year.
 *   Triggers keep them, so every path that writes those rows — the journal,
 *   the library form, imports, moderation, cascades — is covered without
 *   knowing about stats. The stats service keeps what it read of each part
 *   while its counter is unchanged: logging a session re-reads one year of
 *   one member's diary, a rating their entries, never their whole history.
 *   The counters live in the database, so several instances agree on them.
 *   No foreign key: a trigger bumping a member who is being deleted must
 *   not fail the delete, and a stale row costs nothing.
 *
 * SQLite updates in place, so a trigger per row is cheap. PostgreSQL bumps
 * once per statement from its transition tables: a row trigger would update
 * one counter row thousands of times in an import's transaction, each update
 * walking the growing chain of that row's versions. An entry's update only
 * counts when a counted column changes (likes and comment counts change
 * often and don't).
 */

const COUNTED_COLUMNS = ['status', 'rating', 'started_on', 'finished_on', 'review', 'review_created_at'];
const MOVED_COLUMNS = ['game_id', 'user_id'];
/** The diary part of a row: the year of its day. */
const yearOf = (row: string) => `cast(substr(${row}.played_on, 1, 4) as integer)`;
const LIBRARY = '0';
const LIBRARY_GAMES = '1';

function sqliteTriggers() {
  const bump = (user: string, part: string) =>
    `insert into member_stats_versions (user_id, part, version) values (${user}, ${part}, 1) on conflict (user_id, part) do update set version = version + 1;`;
  const bumpOwnerOf = (row: string) =>
    `insert into member_stats_versions (user_id, part, version) select user_id, ${LIBRARY_GAMES}, 1 from library_entries where id = ${row}.entry_id ` +
    `on conflict (user_id, part) do update set version = version + 1;`;
  const trigger = (name: string, when: string, table: string, body: string[]) => `create trigger ${name} after ${when} on ${table} begin ${body.join(' ')} end`;
  const both = (row: string) => [bump(`${row}.user_id`, LIBRARY), bump(`${row}.user_id`, LIBRARY_GAMES)];
  return [
    trigger('diary_entries_stats_insert', 'insert', 'diary_entries', [bump('new.user_id', yearOf('new'))]),
    trigger('diary_entries_stats_delete', 'delete', 'diary_entries', [bump('old.user_id', yearOf('old'))]),
    trigger('diary_entries_stats_update', 'update', 'diary_entries', [bump('old.user_id', yearOf('old')), bump('new.user_id', yearOf('new'))]),
    trigger('library_entries_stats_insert', 'insert', 'library_entries', both('new')),
    trigger('library_entries_stats_delete', 'delete', 'library_entries', both('old')),
    trigger('library_entries_stats_update', `update of ${COUNTED_COLUMNS.join(', ')}`, 'library_entries', [bump('new.user_id', LIBRARY)]),
    trigger('library_entries_stats_move', `update of ${MOVED_COLUMNS.join(', ')}`, 'library_entries', [...both('old'), ...both('new')]),
    trigger('library_entry_platforms_stats_insert', 'insert', 'library_entry_platforms', [bumpOwnerOf('new')]),
    trigger('library_entry_platforms_stats_delete', 'delete', 'library_entry_platforms', [bumpOwnerOf('old')]),
  ];
}

function postgresTriggers() {
  const upsert = (rows: string) =>
    `insert into member_stats_versions (user_id, part, version) select distinct user_id, part, 1 from (${rows}) r ` +
    `on conflict (user_id, part) do update set version = member_stats_versions.version + 1;`;
  const diary = (table: string) => `select user_id, ${yearOf(table)} as part from ${table}`;
  const both = (table: string) => `select user_id, ${LIBRARY} as part from ${table} union select user_id, ${LIBRARY_GAMES} from ${table}`;
  const changed = (columns: string[]) => columns.map((c) => `n.${c} is distinct from o.${c}`).join(' or ');
  const pairs = 'new_rows n join old_rows o on o.id = n.id';
  const fn = (name: string, body: string) => `create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`;
  const trigger = (table: string, event: 'insert' | 'update' | 'delete', fnName: string) => {
    const tables = event === 'insert' ? 'new table as new_rows' : event === 'delete' ? 'old table as old_rows' : 'new table as new_rows old table as old_rows';
    return `create trigger ${table}_stats_${event} after ${event} on ${table} referencing ${tables} for each statement execute function ${fnName}()`;
  };
  return [
    fn('stats_bump_diary_new', upsert(diary('new_rows'))),
    fn('stats_bump_diary_old', upsert(diary('old_rows'))),
    fn('stats_bump_diary_moved', upsert(`${diary('new_rows')} union ${diary('old_rows')}`)),
    fn('stats_bump_entries_new', upsert(both('new_rows'))),
    fn('stats_bump_entries_old', upsert(both('old_rows'))),
    fn(
      'stats_bump_entries_changed',
      upsert(
        `select n.user_id, ${LIBRARY} as part from ${pairs} where ${changed(COUNTED_COLUMNS)} ` +
          `union select n.user_id, p.part from ${pairs} cross join (values (${LIBRARY}), (${LIBRARY_GAMES})) p(part) where ${changed(MOVED_COLUMNS)} ` +
          `union select o.user_id, p.part from ${pairs} cross join (values (${LIBRARY}), (${LIBRARY_GAMES})) p(part) where ${changed(MOVED_COLUMNS)}`,
      ),
    ),
    fn('stats_bump_entry_platforms_new', upsert(`select e.user_id, ${LIBRARY_GAMES} as part from new_rows n join library_entries e on e.id = n.entry_id`)),
    fn('stats_bump_entry_platforms_old', upsert(`select e.user_id, ${LIBRARY_GAMES} as part from old_rows o join library_entries e on e.id = o.entry_id`)),
    trigger('diary_entries', 'insert', 'stats_bump_diary_new'),
    trigger('diary_entries', 'delete', 'stats_bump_diary_old'),
    trigger('diary_entries', 'update', 'stats_bump_diary_moved'),
    trigger('library_entries', 'insert', 'stats_bump_entries_new'),
    trigger('library_entries', 'delete', 'stats_bump_entries_old'),
    trigger('library_entries', 'update', 'stats_bump_entries_changed'),
    trigger('library_entry_platforms', 'insert', 'stats_bump_entry_platforms_new'),
    trigger('library_entry_platforms', 'delete', 'stats_bump_entry_platforms_old'),
  ];
}

/** 0018's trigger statements (0024 puts them back on its way down). */
export const statsTriggers = (dialect: Dialect) => (dialect === 'postgres' ? postgresTriggers() : sqliteTriggers());

/** Drops the stats triggers (and PostgreSQL's functions) by the names 0018 and 0024 share. */
export async function dropStatsTriggers(db: Kysely<unknown>, dialect: Dialect) {
  for (const [table, events] of Object.entries(TRIGGERS)) {
    for (const event of events) await sql.raw(`drop trigger if exists ${table}_stats_${event}${dialect === 'postgres' ? ` on ${table}` : ''}`).execute(db);
  }
  if (dialect === 'postgres') for (const fn of FUNCTIONS) await sql.raw(`drop function if exists stats_bump_${fn}()`).execute(db);
}

const TRIGGERS = {
  diary_entries: ['insert', 'update', 'delete'],
  library_entries: ['insert', 'update', 'delete', 'move'],
  library_entry_platforms: ['insert', 'delete'],
};
const FUNCTIONS = ['diary_new', 'diary_old', 'diary_moved', 'entries_new', 'entries_old', 'entries_changed', 'entry_platforms_new', 'entry_platforms_old'];

export const statsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('diary_entries_user_stats')
      .on('diary_entries')
      .columns(['user_id', 'played_on', 'game_id', 'platform_id', 'event', 'minutes_played'])
      .execute();
    await db.schema
      .createTable('member_stats_versions')
      .addColumn('user_id', 'integer', (col) => col.notNull())
      .addColumn('part', 'integer', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('member_stats_versions_pk', ['user_id', 'part'])
      .execute();
    for (const statement of statsTriggers(dialect)) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await dropStatsTriggers(db, dialect);
    await db.schema.dropTable('member_stats_versions').execute();
    await db.schema.dropIndex('diary_entries_user_stats').execute();
  },
});
