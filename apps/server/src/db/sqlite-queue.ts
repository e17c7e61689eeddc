import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import { FifoLock } from './fifo-lock.js';
import { SqliteRound, type CommitGroup } from './sqlite-round.js';

/** What the driver uses of a prepared statement (better-sqlite3's, or one made by `rowsAsObjects`). */
export interface SqliteStatement {
  reader: boolean;
  /** False when running it may write (sqlite3_stmt_readonly). */
  readonly: boolean;
  busy: boolean;
  all(...parameters: unknown[]): unknown[];
  run(...parameters: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
}

/** The one SQLite connection, as the driver sees it. */
export interface SqliteHandle {
  prepare(sql: string): SqliteStatement;
  /** Whether a transaction is open on it (SQLite may roll one back by itself after an I/O error). */
  readonly inTransaction: boolean;
  close(): void;
}

/** The name of the savepoint a transaction is, inside a commit group. */
const MEMBER = 'vgl_group_member';

/**
 * One turn with the connection. Kysely hands it back to releaseConnection;
 * a write in a commit group hands it back earlier, before it waits for the
 * group's commit (see `QueuedSqliteDriver`).
 */
class Lease implements DatabaseConnection {
  held = true;
  /** A transaction that is a savepoint of the commit group. */
  member = false;
  /** The group a member transaction is part of. */
  group: CommitGroup | undefined;
  /**
   * The transaction is over as far as Kysely can tell: committed (released into its group) or found rolled back
   * with its group. If the group's commit then fails, Kysely still asks for a rollback: there is nothing of this
   * transaction left to roll back, and a ROLLBACK now would end whatever group is open meanwhile (or fail with
   * "cannot rollback - no transaction is active" and hide why the commit failed).
   */
  ended = false;

  constructor(readonly driver: QueuedSqliteDriver) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, compiled) as Promise<QueryResult<R>>;
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiled.query)) throw new Error('SQLite streams only select queries');
    for (const row of this.driver.iterate(compiled)) yield { rows: [row as R] };
  }
}

/**
 * Kysely's SQLite driver, with three changes.
 *
 * Its connection is handed out in turn (FifoLock).
 *
 * Once `groupCommits()` was called (the serving app, after migrations),
 * writes commit in groups: the first write of a turn of the event loop
 * opens a transaction (BEGIN IMMEDIATE), every write and transaction after
 * it joins it — a transaction as a savepoint, released or rolled back on its
 * own — and the group commits once, when the turn's I/O callbacks are done
 * (setImmediate) or, in a long turn, with the first write that finds it
 * 4 ms old (sqlite-round.ts). Each write's promise settles only then: nothing is
 * acknowledged before it is committed. A commit in WAL mode costs ~110 µs
 * of the serving thread (a frame for every page the write dirtied), and
 * under load a turn carried some 45 of them; a group writes the pages its
 * writes share (the tables' last pages, sqlite_sequence, indexes by time)
 * once, and pays the commit's fixed cost once. Reads in the turn see the
 * group's writes, as they saw each write once it was committed. If SQLite
 * rolls the whole group back by itself (an I/O error, a full disk), every
 * write in it fails.
 *
 * Reads of a turn before its first write share one read transaction, ended
 * with the turn too. On its own each read of WAL mode begins and ends a read
 * transaction (the WAL index's header and a read mark, in shared memory): a
 * key lookup cost 2.9 µs so and 0.4 µs inside one, and the serving thread
 * runs some 13,000 statements a second under bench:soak (2.7 % more answers
 * a second with the span, measured in one run turning it on and off second
 * by second). Its reads see the database as at its first, and a turn lasts
 * milliseconds: a write of another process (the CLI) is seen from the next
 * turn on, as it would be a moment later anyway.
 */
class QueuedSqliteDriver implements Driver {
  readonly #db: SqliteHandle;
  readonly #lock = new FifoLock();
  readonly #round: SqliteRound;
  #grouping = false;
  // Leases Kysely gave back, handed out again: Kysely remembers every connection object it is given (a Set it
  // never empties), so a new one per query would grow without bound. As many as were ever out at once.
  readonly #spare: Lease[] = [];

  constructor(db: SqliteHandle) {
    this.#db = db;
    this.#round = new SqliteRound(db, this.#lock);
  }

  groupCommits(): void {
    this.#grouping = true;
  }

  /** How many lease objects were ever made (for tests). */
  leasesMade = 0;

  #newLease(): Lease {
    this.leasesMade += 1;
    return new Lease(this);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    const lease = this.#spare.pop() ?? this.#newLease();
    lease.held = true;
    return lease;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    this.#handBack(lease);
    lease.member = false;
    lease.ended = false;
    lease.group = undefined;
    this.#spare.push(lease);
  }

  async execute(lease: Lease, compiled: CompiledQuery): Promise<QueryResult<unknown>> {
    // A lease whose write waited for its group is taken again for a query after it.
    if (!lease.held) {
      await this.#lock.acquire();
      lease.held = true;
    }
    // SQLite rolled back the group this transaction was part of: what it wrote so far is gone.
    if (lease.member && lease.group !== this.#round.group) throw rolledBackWith(lease.group);
    const statement = this.#db.prepare(compiled.sql);
    const inRound = this.#grouping && !lease.member;
    const joins = inRound && !statement.readonly;
    if (joins) this.#round.openGroup();
    else if (inRound && statement.reader) this.#round.read();
    const result = this.#run(statement, compiled.parameters);
    if (joins) await this.#committed(lease);
    return result;
  }

  *iterate(compiled: CompiledQuery): IterableIterator<unknown> {
    yield* this.#db.prepare(compiled.sql).iterate(compiled.parameters);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (!this.#grouping) return this.#exec('begin');
    lease.ended = false;
    lease.group = this.#round.openGroup();
    this.#exec(`savepoint ${MEMBER}`);
    lease.member = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (!lease.member) return this.#exec('commit');
    lease.member = false;
    lease.ended = true;
    if (lease.group !== this.#round.group) throw rolledBackWith(lease.group);
    this.#exec(`release ${MEMBER}`);
    await this.#committed(lease);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (lease.ended) return;
    // Outside commit groups (migrations), the lease holds the connection: a failed COMMIT SQLite already rolled back leaves nothing open.
    if (!lease.member) return this.#db.inTransaction ? this.#exec('rollback') : undefined;
    lease.member = false;
    // Nothing to undo when SQLite already rolled the whole group back.
    if (lease.group !== this.#round.group) return;
    this.#exec(`rollback to ${MEMBER}`);
    this.#exec(`release ${MEMBER}`);
  }

  savepoint: Driver['savepoint'] = async (connection, name) => void (await this.execute(connection as Lease, CompiledQuery.raw(`savepoint ${quoted(name)}`)));
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = async (connection, name) =>
    void (await this.execute(connection as Lease, CompiledQuery.raw(`rollback to ${quoted(name)}`)));
  releaseSavepoint: Driver['releaseSavepoint'] = async (connection, name) => void (await this.execute(connection as Lease, CompiledQuery.raw(`release ${quoted(name)}`)));

  async destroy(): Promise<void> {
    // The last group's writes are committed first; queries still waiting then fail (the connection is closed) rather than hang.
    await this.#lock.acquire();
    try {
      this.#round.end();
      this.#db.close();
    } finally {
      this.#lock.release();
    }
  }

  #handBack(lease: Lease): void {
    if (!lease.held) return;
    lease.held = false;
    this.#lock.release();
  }

  #exec(sql: string): void {
    this.#run(this.#db.prepare(sql), []);
  }

  #run(statement: SqliteStatement, parameters: readonly unknown[]): QueryResult<unknown> {
    try {
      if (statement.reader) return { rows: statement.all(parameters) };
      const { changes, lastInsertRowid } = statement.run(parameters);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    } catch (error) {
      this.#round.noticeFailure(error);
      throw error;
    }
  }

  /** Hands the connection on, then waits for the group this lease's write joined (committed at once if it is old enough). */
  async #committed(lease: Lease): Promise<void> {
    const group = this.#round.joined();
    this.#handBack(lease);
    // No group: SQLite rolled it back during this very write, whose error was thrown already.
    if (group) await group.committed;
  }
}

/** The error a statement of a transaction meets once SQLite rolled its group back: with the group's failure (SQLITE_FULL, …) as its cause. */
const rolledBackWith = (group: CommitGroup | undefined) => new Error('This transaction was rolled back with its commit group.', { cause: group?.failure });

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface QueuedSqliteDialect extends Dialect {
  /** From now on, writes commit in groups, once a turn of the event loop (see `QueuedSqliteDriver`). */
  groupCommits(): void;
  /** How many connection objects were ever handed to Kysely (for tests). */
  readonly leasesMade: number;
}

/** SqliteDialect, with the queued driver. */
export function queuedSqliteDialect(db: SqliteHandle): QueuedSqliteDialect {
  const driver = new QueuedSqliteDriver(db);
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => driver,
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (kysely) => new SqliteIntrospector(kysely),
    groupCommits: () => driver.groupCommits(),
    get leasesMade() {
      return driver.leasesMade;
    },
  };
}
