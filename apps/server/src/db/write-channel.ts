import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';
import { loadPg } from './database.js';
import type { Db } from './database.js';

/** The PostgreSQL channel instances announce their writes on. */
export const WRITES_CHANNEL = 'vgl_writes';
/** Writes within this long go out as one notification: a burst of likes costs one NOTIFY, and others hear of it this late at most. */
const COALESCE_MS = 50;
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MOST_MS = 15_000;

interface Log {
  warn(details: object, message: string): void;
}

export interface WriteChannel {
  /** This instance wrote something others may have cached. */
  announce(): void;
  close(): Promise<void>;
}

/**
 * LISTEN/NOTIFY between instances sharing one PostgreSQL: each tells the
 * others it wrote (coalesced), and hears theirs on a connection of its own,
 * outside the pool, that is opened again after an error. While it is down,
 * the caches' time backstops still hold; on reconnecting, `heard` is called
 * once, as notifications sent meanwhile are lost.
 */
export function openWriteChannel({ db, url, log, heard }: { db: Db; url: string; log: Log; heard: () => void }): WriteChannel {
  const self = randomUUID();
  let client: pg.Client | undefined;
  let closed = false;
  let reconnectMs = RECONNECT_FIRST_MS;
  let reconnect: NodeJS.Timeout | undefined;
  let pending: NodeJS.Timeout | undefined;
  let connectedBefore = false;

  const onNotification = (message: pg.Notification) => {
    if (message.channel === WRITES_CHANNEL && message.payload !== self) heard();
  };

  /** Ends a connection we no longer use; an error it raises later must not crash the process. */
  const drop = (old: pg.Client | undefined) => {
    old?.removeAllListeners();
    old?.on('error', () => undefined);
    return old?.end().catch(() => undefined);
  };

  function retry(failed: pg.Client, reason: Error) {
    if (client !== failed) return;
    void drop(failed);
    client = undefined;
    if (closed || reconnect) return;
    // PostgreSQL gone or restarting is the fault watch's one episode; anything else is worth a line of its own.
    if (!db.faults.notice(reason)) log.warn({ err: reason, retryInMs: reconnectMs }, 'PostgreSQL: the connection that hears other instances\' writes dropped; reconnecting');
    reconnect = setTimeout(() => {
      reconnect = undefined;
      void connect();
    }, reconnectMs);
    reconnect.unref();
    reconnectMs = Math.min(reconnectMs * 2, RECONNECT_MOST_MS);
  }

  async function connect() {
    const next = new (loadPg().Client)({ connectionString: url });
    client = next;
    next.on('error', (err: Error) => retry(next, err));
    next.on('end', () => retry(next, new Error('connection ended')));
    next.on('notification', onNotification);
    try {
      await next.connect();
      await next.query(`LISTEN ${WRITES_CHANNEL}`);
    } catch (err) {
      retry(next, err as Error);
      return;
    }
    if (closed) return void drop(next);
    reconnectMs = RECONNECT_FIRST_MS;
    // What others wrote while we were not listening is unknown: count it as a write.
    if (connectedBefore) heard();
    connectedBefore = true;
  }

  const ready = connect();

  // Through the pool, so announcing works while the listening connection is being reopened.
  const notify = () =>
    sql`select pg_notify(${WRITES_CHANNEL}, ${self})`.execute(db.kysely).then(
      () => undefined,
      (err: unknown) => void (db.faults.notice(err) ?? log.warn({ err }, 'PostgreSQL: could not announce a write to other instances')),
    );

  return {
    announce() {
      if (pending || closed) return;
      pending = setTimeout(() => {
        pending = undefined;
        void notify();
      }, COALESCE_MS);
      pending.unref();
    },
    async close() {
      closed = true;
      clearTimeout(reconnect);
      // A write made just before closing is still announced.
      if (pending) {
        clearTimeout(pending);
        pending = undefined;
        await notify();
      }
      await ready;
      const last = client;
      client = undefined;
      await drop(last);
    },
  };
}
