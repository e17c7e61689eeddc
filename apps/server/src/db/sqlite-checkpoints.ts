import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { processLog } from '../log.js';

/** How often the checkpointer copies what the WAL holds into the database file. */
export const CHECKPOINT_EVERY_MS = 200;

/**
 * If the checkpointer stops (it logs why), the serving connection checkpoints
 * again by itself once the WAL reaches this many pages (~40 MB): slower
 * commits, never a WAL that grows without end.
 */
export const BACKSTOP_PAGES = 10_000;

/** How often, until the checkpointer runs, the WAL is looked at for its first pages. */
export const WAL_LOOK_MS = 1_000;

/**
 * SQLite's automatic checkpoint runs inside the commit that crosses 1,000 WAL
 * pages: that commit copies the pages into the database file and waits for
 * the disk, with the event loop stopped. Under a steady write load that was
 * a quarter of a commit's average cost. Here a second connection, on a
 * worker thread, does it every CHECKPOINT_EVERY_MS (PASSIVE: it never waits
 * for or blocks the server's reads and writes), and the serving connection
 * only checkpoints as a backstop.
 */
export function checkpointInBackground(file: string, log: (message: string) => void = (m) => processLog.warn(m), walLookMs = WAL_LOOK_MS) {
  let worker: Worker | undefined;
  let exited: Promise<void> | undefined;
  let state: 'waiting' | 'running' | 'stopped' = 'waiting';

  const start = () => {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    // An eval'd CommonJS worker: the same code whether the server runs from TypeScript (tests) or dist.
    const source = `
      const { parentPort, workerData } = require('node:worker_threads');
      const Database = require(workerData.driver);
      const db = new Database(workerData.file);
      db.pragma('busy_timeout = 1000');
      // A checkpoint that fails (a full disk, an I/O error) is tried again at the next beat, not the end of the thread.
      const timer = setInterval(() => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} }, workerData.everyMs);
      parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
    `;
    const started = new Worker(source, { eval: true, workerData: { driver, file, everyMs: CHECKPOINT_EVERY_MS } });
    started.unref();
    state = 'running';
    exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));
    started.on('error', (error) => {
      state = 'stopped';
      log(`SQLite checkpoints: the background checkpointer stopped (${error.message}); the server checkpoints by itself from now on.`);
    });
    worker = started;
  };

  // Started once the WAL holds pages: a server nobody has written to since its start (a restart, a quiet
  // instance) keeps no thread for it — a worker thread is its own JavaScript heap, ~9 MB of RSS (issue 41).
  // Until then the serving connection's backstop (BACKSTOP_PAGES) stands, for the second it takes to notice.
  const watch = setInterval(() => {
    fs.stat(`${file}-wal`, (error, stat) => {
      if (state !== 'waiting' || error || stat.size === 0) return;
      clearInterval(watch);
      start();
    });
  }, walLookMs);
  watch.unref();

  return {
    get running() {
      return state === 'running';
    },
    /** Closes the checkpointer's connection and ends its thread (at most a second). */
    async stop(): Promise<void> {
      clearInterval(watch);
      const running = state === 'running' ? worker : undefined;
      state = 'stopped';
      if (!running) return;
      running.postMessage('stop');
      const timer = setTimeout(() => void running.terminate(), 1000);
      await exited;
      clearTimeout(timer);
    },
  };
}
