import { SqliteDialect, type DatabaseConnection, type Dialect, type Driver, type SqliteDialectConfig, type TransactionSettings } from 'kysely';

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
  #waiting: Array<() => void> = [];
  #next = 0;

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    if (this.#next < this.#waiting.length) {
      const wake = this.#waiting[this.#next]!;
      this.#next += 1;
      // Trim the served part now and then, not on every release (shift() would copy the queue each time).
      if (this.#next > 1024 && this.#next * 2 > this.#waiting.length) {
        this.#waiting = this.#waiting.slice(this.#next);
        this.#next = 0;
      }
      wake();
      return;
    }
    this.#waiting = [];
    this.#next = 0;
    this.#held = false;
  }

  /** How many wait for the lock (for tests and gauges). */
  get waiting(): number {
    return this.#waiting.length - this.#next;
  }
}

/**
 * Kysely's SQLite driver with its connection handed out in turn (FifoLock).
 * The statements still run through Kysely's own driver, which keeps its
 * connection for good once this one has taken it.
 */
class QueuedSqliteDriver implements Driver {
  #inner: Driver;
  #connection: DatabaseConnection | undefined;
  #lock = new FifoLock();

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  async init(): Promise<void> {
    await this.#inner.init();
    this.#connection = await this.#inner.acquireConnection();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    return this.#connection!;
  }

  async releaseConnection(): Promise<void> {
    this.#lock.release();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(connection);
  }
  savepoint: Driver['savepoint'] = (connection, name, compile) => this.#inner.savepoint!(connection, name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (connection, name, compile) => this.#inner.rollbackToSavepoint!(connection, name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (connection, name, compile) => this.#inner.releaseSavepoint!(connection, name, compile);

  async destroy(): Promise<void> {
    if (this.#connection) await this.#inner.releaseConnection(this.#connection);
    await this.#inner.destroy();
  }
}

/** SqliteDialect, with the queued driver. */
export function queuedSqliteDialect(config: SqliteDialectConfig): Dialect {
  const dialect = new SqliteDialect(config);
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new QueuedSqliteDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
