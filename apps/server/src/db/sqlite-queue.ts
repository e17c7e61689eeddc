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
import { CommitGroup } from './sqlite-commit-group.js';

/**
 * A lock with a queue: the holder hands it straight to the next in line.
 * Kysely's SQLite driver guards its one connection with a loop of
 * `while (locked) await lock` — every release wakes every waiter, and all
 * but one go back to sleep. With 150 requests waiting on the connection
 * that was some 150 wake-ups for each query, and signed-in requests (which
 * reach the database sooner) made it worse. Here a release wakes one.
 */
export class FifoLock {
  #held = false;
  // At most one waiter per request in flight (a few hundred): shift() is cheap at that size.
  readonly #waiting: Array<() => void> = [];

  acquire(): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Takes the lock if it is free, at once. */
  tryAcquire(): boolean {
    if (this.#held) return false;
    this.#held = true;
    return true;
  }

  /** Hands the lock to the first in line, or frees it. */
  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }

  /** How many wait for the lock (for tests and gauges). */
  get waiting(): number {
    return this.#waiting.length;
  }
}

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

/**
 * A group open this long commits with the write that finds it so, without waiting for the turn to end: a
 * write's answer waits at most this long for the writes after it (a busy turn lasts 50 ms and more).
 */
const GROUP_SPAN_MS = 4;

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
 * Kysely's SQLite driver, with two changes.
 *
 * Its connection is handed out in turn (FifoLock).
 *
 * Once `groupCommits()` was called (the serving app, after migrations),
 * writes commit in groups: the first write of a turn of the event loop
 * opens a transaction (BEGIN IMMEDIATE), every write and transaction after
 * it joins it — a transaction as a savepoint, released or rolled back on its
 * own — and the group commits once, when the turn's I/O callbacks are done
 * (setImmediate) or, in a long turn, with the first write that finds it
 * GROUP_SPAN_MS old. Each write's promise settles only then: nothing is
 * acknowledged before it is committed. A commit in WAL mode costs ~110 µs
 * of the serving thread (a frame for every page the write dirtied), and
 * under load a turn carried some 45 of them; a group writes the pages its
 * writes share (the tables' last pages, sqlite_sequence, indexes by time)
 * once, and pays the commit's fixed cost once. Reads in the turn see the
 * group's writes, as they saw each write once it was committed. If SQLite
 * rolls the whole group back by itself (an I/O error, a full disk), every
 * write in it fails. Reads of a round before its first write share one
 * read transaction (`#openReadSpan`), ended with the round too.
 */
class QueuedSqliteDriver implements Driver {
  readonly #db: SqliteHandle;
  readonly #lock = new FifoLock();
  #grouping = false;
  #group: CommitGroup | undefined;
  /** A read transaction open for the rest of this round (see `#openReadSpan`). */
  #readSpan = false;
  #roundEndScheduled = false;
  // Leases Kysely gave back, handed out again: Kysely remembers every connection object it is given (a Set it
  // never empties), so a new one per query would grow without bound. As many as were ever out at once.
  readonly #spare: Lease[] = [];

  constructor(db: SqliteHandle) {
    this.#db = db;
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
    if (lease.member && lease.group !== this.#group) throw new Error('This transaction was rolled back with its commit group.');
    const statement = this.#db.prepare(compiled.sql);
    const joins = this.#grouping && !lease.member && !statement.readonly;
    if (joins) this.#openGroup();
    else if (this.#grouping && !lease.member && !this.#group && !this.#readSpan && statement.reader) this.#openReadSpan();
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
    this.#openGroup();
    this.#exec(`savepoint ${MEMBER}`);
    lease.member = true;
    lease.group = this.#group;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (!lease.member) return this.#exec('commit');
    lease.member = false;
    if (lease.group !== this.#group) throw new Error('This transaction was rolled back with its commit group.');
    this.#exec(`release ${MEMBER}`);
    await this.#committed(lease);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (!lease.member) return this.#exec('rollback');
    lease.member = false;
    // Nothing to undo when SQLite already rolled the whole group back.
    if (lease.group !== this.#group) return;
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
      this.#endRound();
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
      this.#noticeLostGroup(error);
      throw error;
    }
  }

  /**
   * A read outside a transaction opens one (BEGIN, deferred: a read transaction) that the round's other reads
   * share, until the round ends or a write needs the connection. On its own each read of WAL mode begins and
   * ends a read transaction (the WAL index's header and a read mark, in shared memory): a key lookup cost
   * 2.9 µs so and 0.4 µs inside one, and the serving thread runs some 13,000 statements a second under
   * bench:soak (2.7 % more answers a second with the span, measured in one run turning it on and off
   * second by second). Its reads see the database as at its first, and a round lasts milliseconds: a write
   * of another process (the CLI) is seen from the next round on, as it would be a moment later anyway.
   */
  #openReadSpan(): void {
    this.#db.prepare('begin').run();
    this.#readSpan = true;
    this.#scheduleRoundEnd();
  }

  #endReadSpan(): void {
    if (!this.#readSpan) return;
    this.#readSpan = false;
    // SQLite may have ended it already (an error of one of its reads rolls a transaction back).
    if (this.#db.inTransaction) this.#db.prepare('commit').run();
  }

  #openGroup(): void {
    if (this.#group) return;
    // The span is read-only: a write starts a transaction of its own that takes the write lock first.
    this.#endReadSpan();
    this.#db.prepare('begin immediate').run();
    this.#group = new CommitGroup();
    this.#scheduleRoundEnd();
  }

  #scheduleRoundEnd(): void {
    if (this.#roundEndScheduled) return;
    this.#roundEndScheduled = true;
    setImmediate(this.#onRoundEnd);
  }

  /** The round's I/O callbacks are done: its group commits and its read span ends (once the connection is free). */
  readonly #onRoundEnd = () => {
    this.#roundEndScheduled = false;
    if (!this.#group && !this.#readSpan) return;
    if (!this.#lock.tryAcquire()) return void this.#endRoundWhenFree();
    try {
      this.#endRound();
    } finally {
      this.#lock.release();
    }
  };

  /** The connection is held across rounds (a streamed export): the group and the span end after it. */
  async #endRoundWhenFree(): Promise<void> {
    await this.#lock.acquire();
    try {
      this.#endRound();
    } finally {
      this.#lock.release();
    }
  }

  /** With the lock held. */
  #endRound(): void {
    this.#endReadSpan();
    this.#commit(this.#group);
  }

  /** Hands the connection on, then waits for the group this lease's write joined; commits it if it is old enough. */
  async #committed(lease: Lease): Promise<void> {
    const group = this.#group;
    if (group && performance.now() - group.openedAt >= GROUP_SPAN_MS) this.#commit(group);
    this.#handBack(lease);
    // No group: SQLite rolled it back during this very write, whose error was thrown already.
    if (group) await group.committed;
  }

  /** With the lock held. */
  #commit(group: CommitGroup | undefined): void {
    if (!group || this.#group !== group) return;
    this.#group = undefined;
    try {
      this.#db.prepare('commit').run();
      group.succeed();
    } catch (error) {
      if (this.#db.inTransaction) this.#db.prepare('rollback').run();
      group.fail(error);
    }
  }

  /** An error may have made SQLite roll the whole transaction back: then the group's writes are lost. */
  #noticeLostGroup(error: unknown): void {
    if (!this.#group || this.#db.inTransaction) return;
    const group = this.#group;
    this.#group = undefined;
    group.fail(error);
  }
}

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
