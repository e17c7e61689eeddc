import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { lazyRequire } from '../../lazy.js';

/** pg-boss: only on PostgreSQL (SQLite has its own queue, jobs.sqlite.ts). */
const loadPgBoss = lazyRequire<typeof PgBoss>('pg-boss');
import type pg from 'pg';
import type { FaultWatch } from '../../db/fault-watch.js';
import { errorText, FAILED_KEPT_DAYS, type FailedJob, type JobQueue, type JobQueueOptions, type QueueSettings } from './jobs.queue.js';

/** pg-boss keeps its tables in a schema of its own, beside ours. */
export const JOB_SCHEMA = 'pgboss';

/** pg-boss on our pool: no connections beyond DB_POOL_MAX (values stay undefined for its multi-statement scripts). */
const onPool = (pool: pg.Pool): PgBoss.Db => ({ executeSql: (text, values) => pool.query(text, values) });

/** A queue's extra workers (concurrency above 1) poll this many times less often than its first; it wakes them. */
const SPARE_WORKER_SLOWER = 10;

/** The queue pg-boss's cron sends through (timekeeper.js); made here so instances do not race to make it. */
const CRON_QUEUE = '__pgboss__send-it';

/** Each queue is a partition table: made once, after that a no-op (an insert that finds its row). */
async function createQueues(boss: PgBoss, queues: Record<string, QueueSettings>): Promise<void> {
  // "stately": one waiting and one running at most, whoever sends.
  for (const [name, queue] of Object.entries(queues)) await boss.createQueue(name, { name, policy: queue.oneAtATime ? 'stately' : 'standard' });
}

/**
 * Creates or upgrades pg-boss's schema and makes the app's queues. Called
 * under the start-up lock (startup.ts): instances started together deadlocked
 * making the same queue's table. An instance that skipped it (the tests,
 * one at a time) still gets both from start().
 */
export async function installJobSchema(pool: pg.Pool, queues: Record<string, QueueSettings>): Promise<void> {
  const boss = new (loadPgBoss())({ db: onPool(pool), schema: JOB_SCHEMA, migrate: true, supervise: false, schedule: false });
  await boss.start();
  await createQueues(boss, { ...queues, [CRON_QUEUE]: { retry: { retryLimit: 0, retryDelaySeconds: 0, backoff: false } } });
  await boss.stop({ graceful: false, close: false });
}

/**
 * The job queue on PostgreSQL, shared by every instance: SKIP LOCKED hands
 * each job to one worker, and pg-boss's cron is kept by one instance a
 * minute, so a scheduled job is sent once however many workers run.
 */
export function createPgBossQueue(pool: pg.Pool, log: FastifyBaseLogger, { queues, works, pollSeconds }: JobQueueOptions, faults?: FaultWatch): JobQueue {
  // pg-boss's own pace (2 s for a worker, 30 s for the clock) unless told otherwise (tests).
  const clock = pollSeconds === undefined ? {} : { cronMonitorIntervalSeconds: Math.max(1, pollSeconds), cronWorkerIntervalSeconds: Math.max(1, pollSeconds) };
  const workerPoll = pollSeconds === undefined ? {} : { pollingIntervalSeconds: Math.max(0.5, pollSeconds) };
  /**
   * Set once stop() is done, before the app ends the pool. A job fetched while
   * pg-boss stopped can still run after it, and pg-boss then records its end
   * (complete or fail) without awaiting it: on the ended pool that rejected
   * unhandled ("Cannot use a pool after calling end on the pool"). From then on
   * its queries are left unanswered instead; the job, still active, is expired
   * and retried by the next instance's maintenance (jobs run at least once).
   */
  let stopped = false;
  /** Our own calls after stop() are refused at once: only pg-boss's leftovers are left unanswered. */
  const open = () => {
    if (stopped) throw new Error('The job queue has stopped.');
  };
  const onOpenPool: PgBoss.Db = { executeSql: (text, values) => (stopped ? new Promise(() => undefined) : pool.query(text, values)) };
  const boss = new (loadPgBoss())({
    db: onOpenPool,
    schema: JOB_SCHEMA,
    migrate: true,
    // Maintenance (expiring stuck jobs, retention) and the cron clock run where jobs are worked.
    supervise: works,
    schedule: works,
    // Failed jobs stay in the job table (listed, retryable) for FAILED_KEPT_DAYS; done ones leave it
    // after an hour (the mail in them may hold a live link) and the archive after a day.
    archiveFailedAfterSeconds: FAILED_KEPT_DAYS * 86_400,
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 1,
    ...clock,
  });
  // pg-boss polls every few seconds: while PostgreSQL is away, its failures are the fault watch's one episode, not a line each.
  boss.on('error', (err) => {
    if (!faults?.notice(err)) log.warn({ err }, 'job queue: a background query failed');
  });
  const names = Object.keys(queues);
  const settings = (name: string) => {
    const queue = queues[name];
    if (!queue) throw new Error(`unknown job queue ${name}`);
    return queue;
  };
  const sendOptions = (name: string): PgBoss.SendOptions => {
    const { retry, maxRunSeconds } = settings(name);
    return { retryLimit: retry.retryLimit, retryDelay: retry.retryDelaySeconds, retryBackoff: retry.backoff, ...(maxRunSeconds ? { expireInSeconds: maxRunSeconds } : {}) };
  };

  /** This process's workers, by job name. */
  const workers = new Map<string, string[]>();
  /**
   * Handlers under way here. pg-boss's graceful stop gives up waiting after its
   * timeout, and a handler that ends later has pg-boss record it (complete or
   * fail, not awaited) on a pool the app has closed meanwhile: an unhandled
   * "Cannot use a pool after calling end on the pool". stop() waits for them.
   */
  const underWay = new Set<Promise<unknown>>();

  return {
    kind: 'pg-boss',
    async start() {
      stopped = false;
      await boss.start();
      await createQueues(boss, queues);
    },
    async send(name, data, options = {}) {
      open();
      const id = await boss.send(name, data, { ...sendOptions(name), ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}) });
      // This process's own workers look at once instead of at their next poll (other instances' at theirs).
      if (id && !options.startAfterSeconds) for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker);
      return id;
    },
    async work(name, handler, { concurrency = 1 } = {}) {
      settings(name);
      // One pg-boss worker per job at once, each taking one job: pg-boss completes or fails each job
      // alone. (A batch is completed as a whole after its handler: a job of it that failed and was
      // already taken again elsewhere would be marked done there.)
      const ids: string[] = [];
      // pg-boss waits out its polling interval after each job even when more wait (one mail per 2 s per
      // worker in a burst): a job that came is a sign of more, so every worker of the queue looks again at once.
      const wakeAll = () => ids.forEach((id) => boss.notifyWorker(id));
      for (let i = 0; i < concurrency; i += 1) {
        // The first worker polls at the queue's pace; the others mostly sleep until it finds work.
        const poll = i === 0 ? workerPoll : { pollingIntervalSeconds: (pollSeconds ?? 2) * SPARE_WORKER_SLOWER };
        ids.push(
          await boss.work(name, { batchSize: 1, includeMetadata: true, ...poll }, async ([job]) => {
            if (!job) return;
            wakeAll();
            const run = handler(job.data as never, { id: job.id, retryCount: job.retryCount });
            underWay.add(run);
            try {
              await run;
            } finally {
              underWay.delete(run);
            }
          }),
        );
      }
      workers.set(name, [...(workers.get(name) ?? []), ...ids]);
    },
    async schedule(name, cron) {
      open();
      await boss.schedule(name, cron, {}, { ...sendOptions(name), tz: 'UTC' });
    },
    async failed<T>(name: string, limit: number) {
      // One statement, so the list and the total are of the same moment (two on the pool could see a job fail in between).
      const { rows } = await pool.query<{ id: string; data: T; retry_count: number; error: string | null; completed_on: Date; total: number }>(
        `select id, data, retry_count, coalesce(output->>'message', output->'value'->>'message') as error, completed_on, count(*) over ()::int as total
           from ${JOB_SCHEMA}.job where name = $1 and state = 'failed' order by completed_on desc limit $2`,
        [name, Math.max(limit, 1)],
      );
      const latest: FailedJob<T>[] = rows.slice(0, limit).map((row) => ({
        id: row.id,
        data: row.data,
        tries: row.retry_count + 1,
        lastError: errorText(row.error ?? 'unknown error'),
        failedAt: row.completed_on.getTime(),
      }));
      return { total: rows[0]?.total ?? 0, latest };
    },
    async retry(name, id) {
      open();
      const job = await boss.getJobById(name, id);
      if (job?.state !== 'failed') return false;
      await boss.retry(name, id);
      return true;
    },
    async counts(name) {
      const { rows } = await pool.query<{ pending: number; failed: number }>(
        `select count(*) filter (where state in ('created', 'retry', 'active'))::int as pending, count(*) filter (where state = 'failed')::int as failed
           from ${JOB_SCHEMA}.job where name = any($1)`,
        [name ? [name] : names],
      );
      return rows[0] ?? { pending: 0, failed: 0 };
    },
    async stop() {
      await boss.stop({ graceful: true, close: false, timeout: 10_000 });
      // Handlers past pg-boss's wait: up to 30 s more, then one turn so pg-boss sends its complete/fail before the pool closes.
      if (underWay.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([Promise.allSettled([...underWay]), new Promise((resolve) => (timer = setTimeout(resolve, 30_000)))]);
        clearTimeout(timer);
        await new Promise((resolve) => setImmediate(resolve));
      }
      stopped = true;
    },
  };
}
