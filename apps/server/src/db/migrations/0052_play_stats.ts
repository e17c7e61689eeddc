import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Stats count plays (issue 38): the plays finished in a year, and the
 * replays among them. Like the diary's years (0018), each year of a
 * member's finished plays is a part of member_stats_versions, here
 * PLAYS_PART_BASE - year (-2950 … -3100, apart from the diary's YYYY and the
 * library's buckets -1 … -132 of 0024), and triggers on plays move it, so
 * every path that writes a play — the plays API, the library form keeping
 * the first play's dates, imports, cascades — renews the stats without
 * knowing about them. Only a finished play counts: a play with no Finished
 * date moves no part, and an update moves parts only when what a part holds
 * changes (the Finished date, first play or replay, the entry or member).
 *
 * SQLite: a row trigger, as 0018; PostgreSQL: once per statement from the
 * transition tables (no column list is allowed with them: the update
 * trigger keeps the rows where a counted column changed). Additive: no
 * earlier trigger changes.
 */
export const PLAYS_PART_BASE = -1000;
/** A row's part: its Finished year below PLAYS_PART_BASE. */
const partOf = (row: string) => `(${PLAYS_PART_BASE} - cast(substr(${row}.finished_on, 1, 4) as integer))`;
const COUNTED_COLUMNS = ['finished_on', 'replay', 'entry_id', 'user_id'];

function sqliteTriggers() {
  const bump = (row: string) =>
    `insert into member_stats_versions (user_id, part, version) select ${row}.user_id, ${partOf(row)}, 1 where ${row}.finished_on is not null ` +
    `on conflict (user_id, part) do update set version = version + 1;`;
  return [
    `create trigger plays_stats_insert after insert on plays begin ${bump('new')} end`,
    `create trigger plays_stats_delete after delete on plays begin ${bump('old')} end`,
    `create trigger plays_stats_update after update of ${COUNTED_COLUMNS.join(', ')} on plays begin ${bump('old')} ${bump('new')} end`,
  ];
}

function postgresTriggers() {
  const upsert = (rows: string) =>
    `insert into member_stats_versions (user_id, part, version) select distinct user_id, part, 1 from (${rows}) r ` +
    `on conflict (user_id, part) do update set version = member_stats_versions.version + 1;`;
  const finished = (table: string, alias: string, where = 'true') =>
    `select ${alias}.user_id, ${partOf(alias)} as part from ${table} where ${alias}.finished_on is not null and (${where})`;
  const changed = COUNTED_COLUMNS.map((c) => `n.${c} is distinct from o.${c}`).join(' or ');
  const pairs = 'new_rows n join old_rows o on o.id = n.id';
  const fn = (name: string, body: string) => `create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`;
  const trigger = (event: 'insert' | 'update' | 'delete', fnName: string) => {
    const tables = event === 'insert' ? 'new table as new_rows' : event === 'delete' ? 'old table as old_rows' : 'new table as new_rows old table as old_rows';
    return `create trigger plays_stats_${event} after ${event} on plays referencing ${tables} for each statement execute function ${fnName}()`;
  };
  return [
    fn('stats_bump_plays_new', upsert(finished('new_rows n', 'n'))),
    fn('stats_bump_plays_old', upsert(finished('old_rows o', 'o'))),
    fn('stats_bump_plays_changed', upsert(`${finished(pairs, 'n', changed)} union ${finished(pairs, 'o', changed)}`)),
    trigger('insert', 'stats_bump_plays_new'),
    trigger('delete', 'stats_bump_plays_old'),
    trigger('update', 'stats_bump_plays_changed'),
  ];
}

export const playStatsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const statement of dialect === 'postgres' ? postgresTriggers() : sqliteTriggers()) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists plays_stats_${event}${dialect === 'postgres' ? ' on plays' : ''}`).execute(db);
    }
    if (dialect === 'postgres') for (const fn of ['new', 'old', 'changed']) await sql.raw(`drop function if exists stats_bump_plays_${fn}()`).execute(db);
  },
});
