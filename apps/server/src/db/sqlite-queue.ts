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
  // At most one waiter per request in flight (a few hundred): shift() is cheap at that size.
  readonly #waiting: Array<() => void> = [];

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
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
