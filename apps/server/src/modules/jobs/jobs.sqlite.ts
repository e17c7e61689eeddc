import { randomUUID } from 'node:crypto';
import cronParser from 'cron-parser';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { preparedFirst } from '../../db/prepared.js';
import { errorText, FAILED_KEPT_DAYS, retryDelaySeconds, type JobHandler, type JobQueue, type JobQueueOptions } from './jobs.queue.js';

type JobState = 'created' | 'retry' | 'active' | 'failed';
const WAITING: JobState[] = ['created', 'retry'];
/** How long stop() waits for the jobs under way. */
const STOP_WAIT_MS = 10_000;

/** Polled each time a worker is free: built once. */
const firstDue = preparedFirst((db, v: { name: string; state: JobState; now: number }) =>
  db.selectFrom('jobs').selectAll().where('name', '=', v.name).where('state', '=', v.state).where('start_after', '<=', v.now).orderBy('start_after').limit(1),
);

/**
 * The job queue on SQLite, where one process serves: the same semantics as
 * pg-boss, worked in this process, with the jobs in the `jobs` table (0027)
 * so that mail waiting for a retry survives a restart. A job that was running
 * when the process died is tried again at the next start. Done jobs are deleted.
 */
export function createSqliteQueue(db: Db, log: FastifyBaseLogger, { queues, works, pollSeconds = 1 }: JobQueueOptions): JobQueue {
  const k = db.kysely;
  const wake = new Map<string, () => void>();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;
  const settings = (name: string) => {
    const queue = queues[name];
    if (!queue) throw new Error(`unknown job queue ${name}`);
    return queue;
  };
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  async function take(name: string) {
    const now = Date.now();
    // The first due job of each waiting state, each read in the index's order (name, state, start_after): with
    // `state in (…)` SQLite read and sorted every due job to find the first, a cost that grew with the queue.
    const firsts = await Promise.all(WAITING.map((state) => firstDue(k, { name, state, now })));
    const job = firsts.reduce((first, next) => (next && (!first || next.start_after < first.start_after) ? next : first), undefined);
    if (!job) return undefined;
    const retryCount = job.state === 'retry' ? job.retry_count + 1 : job.retry_count;
    // Conditional, as pg-boss's SKIP LOCKED: a job is handed out once.
    const taken = await k.updateTable('jobs').set({ state: 'active', retry_count: retryCount, updated_at: now }).where('id', '=', job.id).where('state', '=', job.state).executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1 ? { ...job, retry_count: retryCount } : undefined;
  }

  async function settle(job: NonNullable<Awaited<ReturnType<typeof take>>>, err: unknown) {
    const now = Date.now();
    if (err === undefined) {
      await k.deleteFrom('jobs').where('id', '=', job.id).execute();
      return;
    }
    const again = job.retry_count < job.retry_limit;
    const policy = { retryLimit: job.retry_limit, retryDelaySeconds: job.retry_delay, backoff: job.retry_backoff === 1 };
    const state: JobState = again ? 'retry' : 'failed';
    await k
      .updateTable('jobs')
      .set({ state, last_error: errorText(err), updated_at: now, ...(again ? { start_after: now + retryDelaySeconds(policy, job.retry_count) * 1000 } : {}) })
      .where('id', '=', job.id)
      .execute();
    log[again ? 'warn' : 'error']({ err, job: job.name, id: job.id, tries: job.retry_count + 1 }, again ? 'job failed; it will be retried' : 'job failed for good');
  }

  /**
   * One loop per job name, so a long IGDB sync never holds up mail: it keeps
   * up to `concurrency` jobs running, takes the next as one ends, and when
   * none waits, looks again when one is sent here or after the polling interval.
   */
  function workLoop(name: string, handler: JobHandler<unknown>, concurrency: number) {
    const mine = new Set<Promise<void>>();
    let looking = false;
    let poll = 0;

    const run = (job: NonNullable<Awaited<ReturnType<typeof take>>>) => {
      const done = (async () => {
        let failure: unknown;
        try {
          await handler(JSON.parse(job.data) as unknown, { id: job.id, retryCount: job.retry_count });
        } catch (err) {
          failure = err ?? new Error('job failed');
        }
        await settle(job, failure).catch((err: unknown) => log.error({ err }, 'job queue: could not record a job’s end'));
      })();
      mine.add(done);
      running.add(done);
      void done.then(() => {
        mine.delete(done);
        running.delete(done);
        void fill();
      });
    };

    const idle = () => {
      const mark = (poll += 1);
      const next = () => {
        if (mark !== poll) return;
        poll += 1;
        if (wake.get(name) === next) wake.delete(name);
        void fill();
      };
      wake.set(name, next);
      later(pollSeconds * 1000, next);
    };

    async function fill() {
      if (looking || stopped) return;
      looking = true;
      let empty = false;
      try {
        while (!stopped && mine.size < concurrency) {
          const job = await take(name).catch((err: unknown) => void log.warn({ err }, 'job queue: could not take a job'));
          if (!job) {
            empty = true;
            break;
          }
          run(job);
        }
      } finally {
        looking = false;
      }
      if (empty && !stopped) idle();
    }
    void fill();
  }

  const queue: JobQueue = {
    kind: 'sqlite',
    async start() {
      if (!works) return;
      // Jobs left running by a process that stopped without finishing them are tried again.
      await k.updateTable('jobs').set({ state: 'retry', updated_at: Date.now() }).where('state', '=', 'active').execute();
      await k.deleteFrom('jobs').where('state', '=', 'failed').where('updated_at', '<', Date.now() - FAILED_KEPT_DAYS * 86_400_000).execute();
    },
    async send(name, data, options = {}) {
      const { retry, oneAtATime } = settings(name);
      if (oneAtATime) {
        const waiting = await k.selectFrom('jobs').select('id').where('name', '=', name).where('state', 'in', WAITING).executeTakeFirst();
        if (waiting) return null;
      }
      const now = Date.now();
      const id = randomUUID();
      await k
        .insertInto('jobs')
        .values({
          id,
          name,
          data: JSON.stringify(data),
          state: 'created',
          retry_count: 0,
          retry_limit: retry.retryLimit,
          retry_delay: retry.retryDelaySeconds,
          retry_backoff: retry.backoff ? 1 : 0,
          start_after: now + (options.startAfterSeconds ?? 0) * 1000,
          last_error: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      if (!options.startAfterSeconds) wake.get(name)?.();
      return id;
    },
    async work(name, handler, { concurrency = 1 } = {}) {
      settings(name);
      if (works && !stopped) workLoop(name, handler as JobHandler<unknown>, Math.max(1, concurrency));
    },
    async schedule(name, cron) {
      const interval = cronParser.parseExpression(cron, { tz: 'UTC' });
      const plan = () => {
        if (stopped) return;
        const at = interval.next().getTime();
        later(Math.max(0, at - Date.now()), () => {
          if (stopped) return;
          queue.send(name, {}).catch((err: unknown) => log.warn({ err, job: name }, 'job queue: a scheduled job could not be sent'));
          plan();
        });
      };
      if (works) plan();
    },
    async failed<T>(name: string, limit: number) {
      const failed = k.selectFrom('jobs').where('name', '=', name).where('state', '=', 'failed');
      const [rows, count] = await Promise.all([
        failed.selectAll().orderBy('updated_at', 'desc').limit(limit).execute(),
        failed.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      const latest = rows.map((row) => ({ id: row.id, data: JSON.parse(row.data) as T, tries: row.retry_count + 1, lastError: row.last_error ?? 'unknown error', failedAt: row.updated_at }));
      return { total: Number(count.total), latest };
    },
    async retry(name, id) {
      const result = await k
        .updateTable('jobs')
        .set((eb) => ({ state: 'retry', retry_limit: eb('retry_limit', '+', 1), start_after: Date.now(), updated_at: Date.now() }))
        .where('name', '=', name)
        .where('id', '=', id)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      wake.get(name)?.();
      return true;
    },
    async counts(name) {
      const rows = await k
        .selectFrom('jobs')
        .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
        .$if(name !== undefined, (q) => q.where('name', '=', name!))
        .groupBy('state')
        .execute();
      const of = (states: string[]) => rows.filter((r) => states.includes(r.state)).reduce((sum, r) => sum + Number(r.n), 0);
      return { pending: of(['created', 'retry', 'active']), failed: of(['failed']) };
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // As pg-boss's graceful stop: the jobs under way get a while to finish, not forever (a handler that hangs on
      // a mail server or a sync would hold the shutdown, and systemd's stop, until killed). One left running is
      // marked active and taken again at the next start (see above), its transaction never committed.
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        Promise.allSettled([...running]).then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), STOP_WAIT_MS))),
      ]);
      clearTimeout(timer);
      if (!finished) log.warn({ jobs: running.size }, `job queue: ${running.size} job(s) still running after ${STOP_WAIT_MS / 1000} s; stopping without them (they run again at the next start)`);
    },
  };
  return queue;
}
