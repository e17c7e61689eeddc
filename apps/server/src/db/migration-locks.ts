import { sql, type CompiledQuery, type Kysely, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';

/**
 * What a migration needs to give way to the writes of instances still
 * serving (a rolling upgrade, docs/operators/upgrading.md): PostgreSQL's
 * lock_timeout error, the statement that waited, and who held the lock.
 */

/** SQLSTATE 55P03 lock_not_available: lock_timeout ran out (or NOWAIT). */
export function isLockTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '55P03';
}

/**
 * A migration that lost to the serving instances' writes: its lock wait timed
 * out, or PostgreSQL found it in a lock cycle (40P01) and chose it, as it does
 * at once when the migration waits to upgrade a lock it holds (a transaction
 * that read a table and now writes it waits behind the migration's lock, and
 * the migration behind its read). Either way only the migration's transaction
 * rolled back: it gives way and tries again.
 */
export function isLockConflict(error: unknown): boolean {
  return isLockTimeout(error) || (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '40P01');
}

/** Statements that take their table in ACCESS EXCLUSIVE mode (readers wait too). */
const EXCLUSIVE = /^\s*(?:alter table|drop index|drop table|lock table)\b/i;

/** Whether a statement needs its table against readers too, not just against writes. */
export function needsExclusive(statement: string): boolean {
  return EXCLUSIVE.test(statement);
}

/**
 * Sees every statement a migration sends (compiled when asked) and keeps the
 * last: the one that was waiting when the lock timeout struck.
 */
export class StatementRecorder implements KyselyPlugin {
  #last: (() => string) | undefined;

  constructor(
    private readonly compile: (node: RootOperationNode, queryId: PluginTransformQueryArgs['queryId']) => CompiledQuery,
    private readonly onStatement?: (sqlText: string) => void,
  ) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.#last = () => this.compile(args.node, args.queryId).sql;
    this.onStatement?.(this.#last());
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  get lastSql(): string | undefined {
    return this.#last?.();
  }
}

const NAME = String.raw`"?([a-z_][a-z0-9_]*)"?`;
const TABLE_AFTER = new RegExp(String.raw`\b(?:alter table|lock table|on|references|into|update|from|drop index(?: concurrently)?(?: if exists)?|drop table(?: if exists)?)\s+(?:only\s+)?${NAME}`, 'gi');

/** The tables (or indexes) a statement locks, as named in its text, in order: "create index … on diary_entries" → diary_entries. */
export function tablesNamedIn(statement: string | undefined): string[] {
  if (!statement) return [];
  const names = [...statement.matchAll(TABLE_AFTER)].map((m) => m[1]!.toLowerCase());
  return [...new Set(names)].filter((n) => !['select', 'the', 'delete', 'update', 'insert', 'conflict'].includes(n));
}

export interface LockHolder {
  relation: string;
  pid: number;
  mode: string;
  application: string;
  state: string;
  seconds: number;
  query: string;
}

/** The tables these relations are, or belong to (an index's name gives its table's). */
export async function tablesOf(db: Kysely<unknown>, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const { rows } = await sql<{ name: string; table: string }>`
    select c.relname as name, coalesce(t.relname, c.relname) as table
    from pg_class c left join pg_index i on i.indexrelid = c.oid left join pg_class t on t.oid = i.indrelid
    where c.relname = any(${names}::text[]) and pg_table_is_visible(c.oid)`.execute(db);
  const byName = new Map(rows.map((r) => [r.name, r.table]));
  return [...new Set(names.map((n) => byName.get(n) ?? n))];
}

/**
 * Who else holds a lock on these tables right now (another session's
 * transaction), longest first, one line a session; when no one does, the
 * oldest open transactions of the database (what CREATE INDEX CONCURRENTLY
 * waits for).
 */
export async function lockHolders(db: Kysely<unknown>, tables: string[]): Promise<LockHolder[]> {
  const holders = tables.length ? await relationHolders(db, tables) : [];
  if (holders.length) return holders;
  const { rows } = await sql<LockHolder>`
    select '' as relation, a.pid, '' as mode, coalesce(a.application_name, '') as application, coalesce(a.state, '') as state,
           extract(epoch from now() - a.xact_start)::float as seconds, left(coalesce(a.query, ''), 160) as query
    from pg_stat_activity a
    where a.datname = current_database() and a.pid <> pg_backend_pid() and a.xact_start is not null
    order by a.xact_start
    limit 3`.execute(db);
  return rows;
}

async function relationHolders(db: Kysely<unknown>, tables: string[]): Promise<LockHolder[]> {
  const { rows } = await sql<LockHolder>`
    select distinct on (a.pid) c.relname as relation, a.pid, l.mode, coalesce(a.application_name, '') as application, coalesce(a.state, '') as state,
           coalesce(extract(epoch from now() - a.xact_start), 0)::float as seconds, left(coalesce(a.query, ''), 160) as query
    from pg_locks l
    join pg_class c on c.oid = l.relation
    join pg_stat_activity a on a.pid = l.pid
    where l.granted and l.pid <> pg_backend_pid() and c.relname = any(${tables}::text[])
      and l.database = (select oid from pg_database where datname = current_database())
    order by a.pid, array_position(${tables}::text[], c.relname::text)`.execute(db);
  return rows.sort((a, b) => b.seconds - a.seconds).slice(0, 5);
}

export function describeHolder(holder: LockHolder): string {
  const who = holder.application ? `process ${holder.pid} (${holder.application})` : `process ${holder.pid}`;
  const query = holder.query.replace(/\s+/g, ' ').trim();
  return `${who}, ${holder.state || 'busy'}, in a transaction for ${Math.round(holder.seconds)} s${query ? `, last statement: ${query}` : ''}`;
}

/** PostgreSQL's deadlock_timeout in milliseconds (1 s unless the server says otherwise). */
export async function deadlockTimeoutMs(db: Kysely<unknown>): Promise<number> {
  const { rows } = await sql<{ setting: string }>`select setting from pg_settings where name = 'deadlock_timeout'`.execute(db);
  const ms = Number(rows[0]?.setting);
  return Number.isFinite(ms) && ms > 0 ? ms : 1000;
}

/** Of these names, the tables that exist now (an index's name gives its table's), in the order given. */
export async function existingTables(db: Kysely<unknown>, names: Iterable<string>): Promise<string[]> {
  const wanted = [...new Set(names)];
  if (wanted.length === 0) return [];
  const { rows } = await sql<{ name: string; table: string }>`
    select c.relname as name, coalesce(t.relname, c.relname) as table
    from pg_class c left join pg_index i on i.indexrelid = c.oid left join pg_class t on t.oid = i.indrelid
    where c.relname = any(${wanted}::text[]) and pg_table_is_visible(c.oid) and (c.relkind in ('r', 'p') or t.relkind in ('r', 'p'))`.execute(db);
  const byName = new Map(rows.map((r) => [r.name, r.table]));
  return [...new Set(wanted.flatMap((n) => (byName.has(n) ? [byName.get(n)!] : [])))];
}

/**
 * Takes, in the migration's transaction, every table it is known to need at
 * once (those it alters or drops an index of in ACCESS EXCLUSIVE mode, the
 * others against writes only, SHARE ROW EXCLUSIVE), without ever queueing
 * (NOWAIT, tried again every few milliseconds for up to `withinMs`). A
 * migration that takes its tables one by one, waiting, can hold one while a
 * serving instance's write holds the next and wants the first: a cycle it
 * loses every time under a steady write load (0018_stats in CI, issue 35).
 * Taken together in a moment when none is in use, there is no cycle.
 * Returns whether they were taken; if not, the migration goes on and waits
 * as usual (its lock_timeout still makes it the one that gives way).
 */
export async function lockAhead(trx: Kysely<unknown>, tables: { exclusive: string[]; shared: string[] }, withinMs: number): Promise<boolean> {
  const exclusive = tables.exclusive;
  const shared = tables.shared.filter((t) => !exclusive.includes(t));
  if (exclusive.length + shared.length === 0) return true;
  const list = (names: string[]) => sql.join(names.map((t) => sql.id(t)));
  const deadline = Date.now() + withinMs;
  for (;;) {
    await sql`savepoint vgl_lock_ahead`.execute(trx);
    try {
      if (exclusive.length) await sql`lock table ${list(exclusive)} in access exclusive mode nowait`.execute(trx);
      if (shared.length) await sql`lock table ${list(shared)} in share row exclusive mode nowait`.execute(trx);
      await sql`release savepoint vgl_lock_ahead`.execute(trx);
      return true;
    } catch (error) {
      await sql`rollback to savepoint vgl_lock_ahead`.execute(trx);
      if (!isLockTimeout(error) || Date.now() >= deadline) return false;
    }
    await new Promise((resolve) => setTimeout(resolve, 3 + Math.random() * 7));
  }
}
