import type { FifoLock } from './fifo-lock.js';
import type { SqliteHandle } from './sqlite-queue.js';

/**
 * A group open this long commits with the write that finds it so, without waiting for the round to end: a
 * write's answer waits at most this long for the writes after it (a busy round lasts 50 ms and more).
 */
const GROUP_SPAN_MS = 4;

/**
 * The writes of one round of the event loop that commit together: one
 * promise they all wait for, settled by the commit.
 */
export class CommitGroup {
  readonly committed: Promise<void>;
  readonly openedAt = performance.now();
  #settle!: (error?: unknown) => void;

  constructor() {
    this.committed = new Promise<void>((resolve, reject) => {
      this.#settle = (error) => (error === undefined ? resolve() : reject(error));
    });
    // Each write awaits `committed` itself; this only keeps a group nobody awaits any more from being reported as unhandled.
    this.committed.catch(() => undefined);
  }

  succeed(): void {
    this.#settle();
  }

  /** Why SQLite rolled the group back (SQLITE_FULL, an I/O error, …), for its transactions' later statements to say. */
  failure: unknown;

  fail(error: unknown): void {
    this.failure = error ?? new Error('The commit group failed.');
    this.#settle(this.failure);
  }
}

/**
 * The transaction the serving connection has open in this round of the
 * event loop, if any, and its end when the round's I/O callbacks are done
 * (setImmediate; once the connection is free, when a streamed export holds
 * it across rounds). Two kinds (sqlite-queue.ts says why each pays):
 *
 * - a commit group: the first write of the round opens it (BEGIN
 *   IMMEDIATE), the round's other writes join it, and it commits once, at
 *   the round's end or with the first write that finds it GROUP_SPAN_MS old;
 * - a read span: the first read of a round without a group opens a read
 *   transaction (BEGIN, deferred) the round's other reads share. The span is
 *   read-only: a write ends it and opens a group, which takes the write lock
 *   first.
 *
 * Every method runs with the connection's lock held, except the round's end,
 * which takes it.
 */
export class SqliteRound {
  #group: CommitGroup | undefined;
  #readSpan = false;
  #endScheduled = false;

  constructor(
    private readonly db: SqliteHandle,
    private readonly lock: FifoLock,
  ) {}

  /** The group open in this round, if any. */
  get group(): CommitGroup | undefined {
    return this.#group;
  }

  /** Before a read outside a transaction: it shares the round's group or read span, opening a span if neither is open. */
  read(): void {
    if (this.#group || this.#readSpan) return;
    this.db.prepare('begin').run();
    this.#readSpan = true;
    this.#scheduleEnd();
  }

  /** Before a write or a transaction: the round's group, opened if need be. */
  openGroup(): CommitGroup {
    if (this.#group) return this.#group;
    this.#endReadSpan();
    this.db.prepare('begin immediate').run();
    this.#group = new CommitGroup();
    this.#scheduleEnd();
    return this.#group;
  }

  /** After a write of the group: it commits now if it has been open GROUP_SPAN_MS. The group the write waits for. */
  joined(): CommitGroup | undefined {
    const group = this.#group;
    if (group && performance.now() - group.openedAt >= GROUP_SPAN_MS) this.#commit(group);
    return group;
  }

  /** Ends the round's transaction: the span ends, the group commits. */
  end(): void {
    this.#endReadSpan();
    this.#commit(this.#group);
  }

  /** After a statement failed: SQLite may have rolled the whole transaction back, and the group's writes with it. */
  noticeFailure(error: unknown): void {
    if (!this.#group || this.db.inTransaction) return;
    const group = this.#group;
    this.#group = undefined;
    group.fail(error);
  }

  #endReadSpan(): void {
    if (!this.#readSpan) return;
    this.#readSpan = false;
    // SQLite may have ended it already (an error of one of its reads rolls a transaction back).
    if (!this.db.inTransaction) return;
    try {
      this.db.prepare('commit').run();
    } catch {
      // A read transaction has nothing to keep; one left open would refuse the next BEGIN.
      this.#rollBackQuietly();
    }
  }

  #commit(group: CommitGroup | undefined): void {
    if (!group || this.#group !== group) return;
    this.#group = undefined;
    try {
      this.db.prepare('commit').run();
      group.succeed();
    } catch (error) {
      // Its writes wait for this answer, whatever the rollback then meets (a disk that fails again).
      group.fail(error);
      this.#rollBackQuietly();
    }
  }

  /**
   * Ends what SQLite has left open after a failed COMMIT (a full disk, an I/O error). This runs at the round's
   * end, outside any request: an error thrown here would end the process. If the rollback fails too, SQLite has
   * rolled back by itself or the next BEGIN fails, and that request is told why.
   */
  #rollBackQuietly(): void {
    try {
      if (this.db.inTransaction) this.db.prepare('rollback').run();
    } catch {
      // Nothing more can be done here; the next statement says what is wrong.
    }
  }

  #scheduleEnd(): void {
    if (this.#endScheduled) return;
    this.#endScheduled = true;
    setImmediate(this.#onRoundEnd);
  }

  readonly #onRoundEnd = () => {
    this.#endScheduled = false;
    if (!this.#group && !this.#readSpan) return;
    if (this.lock.tryAcquire()) this.#endAndRelease();
    else void this.lock.acquire().then(() => this.#endAndRelease());
  };

  #endAndRelease(): void {
    try {
      this.end();
    } finally {
      this.lock.release();
    }
  }
}
