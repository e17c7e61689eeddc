import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';
import { processLog } from '../log.js';

/** Statements the reading thread keeps prepared (least recently used go first). */
const KEPT_STATEMENTS = 100;

/**
 * Reads that scan whole tables and cannot be made cheap by an index (staff's
 * searches of every comment, review and account for a word anywhere in them)
 * run on a worker thread with a read-only connection of its own. SQLite's
 * work for them then keeps no other request waiting, however large the site:
 * on the serving thread one search of 27k comments held everyone 40–110 ms.
 * In WAL mode it reads beside the server's writes and sees every committed one
 * (the server commits before it answers, so a member's next request sees it).
 */
export function sqliteBackgroundReads(file: string, inPlace: <R>(query: CompiledQuery<R>) => Promise<R[]>, log: (message: string) => void = (m) => processLog.warn(m)) {
  let worker: Worker | undefined;
  /** Set when the thread could not run (it logs why): reads then happen in place, as without it. */
  let broken = false;
  let next = 0;
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    worker = undefined;
  };

  const start = () => {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    // An eval'd CommonJS worker: the same code whether the server runs from TypeScript (tests) or dist.
    const source = `
      const { parentPort, workerData } = require('node:worker_threads');
      const Database = require(workerData.driver);
      const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
      db.pragma('busy_timeout = 5000');
      const kept = new Map();
      parentPort.on('message', (message) => {
        if (message === 'stop') { db.close(); parentPort.close(); return; }
        try {
          let statement = kept.get(message.sql);
          if (statement) kept.delete(message.sql);
          else statement = db.prepare(message.sql);
          kept.set(message.sql, statement);
          if (kept.size > workerData.keep) kept.delete(kept.keys().next().value);
          parentPort.postMessage({ id: message.id, rows: statement.all(...message.parameters) });
        } catch (error) {
          parentPort.postMessage({ id: message.id, error: { message: String(error && error.message), code: error && error.code } });
        }
      });
    `;
    const started = new Worker(source, { eval: true, workerData: { driver, file, keep: KEPT_STATEMENTS } });
    started.unref();
    started.on('message', (answer: { id: number; rows?: unknown[]; error?: { message: string; code?: string } }) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      if (answer.error) waiting.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
      else waiting.resolve(answer.rows ?? []);
      if (pending.size === 0) started.unref();
    });
    started.on('error', (error) => {
      if (!broken) log(`SQLite background reads: the reading thread stopped (${error.message}); heavy reads run on the serving thread from now on.`);
      broken = true;
      failAll(error);
    });
    started.on('exit', () => failAll(new Error('The background reader stopped.')));
    return started;
  };

  return {
    /** The rows of a read-only query, read on the worker thread (in place if that thread cannot run). */
    all<R>(query: CompiledQuery<R>): Promise<R[]> {
      if (broken) return inPlace(query);
      worker ??= start();
      worker.ref(); // keep the process alive while a read is on its way
      const id = (next += 1);
      const answer = new Promise<R[]>((resolve, reject) => pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject }));
      worker.postMessage({ id, sql: query.sql, parameters: query.parameters });
      // A query SQLite refused fails as it would in place; one the thread died under is read in place.
      return answer.catch((error: unknown) => (broken ? inPlace(query) : Promise.reject(error)));
    },
    /** Closes the reading connection and ends its thread (at most a second). */
    async stop(): Promise<void> {
      const running = worker;
      if (!running) return;
      worker = undefined;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.postMessage('stop');
      const timer = setTimeout(() => void running.terminate(), 1000);
      await exited;
      clearTimeout(timer);
    },
  };
}
