import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import type { JobQueue, QueueSettings } from '../jobs/jobs.queue.js';

/** The job that carries Fedify's queued work: one delivery of one activity to one inbox. */
export const FEDERATION_JOB = 'federation.deliver';

/** The job that publishes a list once its edits have settled (federation.publish-objects.ts). */
export const FEDERATION_LIST_JOB = 'federation.list';

/**
 * Fedify retries a failed delivery itself (its outbox retry policy: it
 * enqueues the message again with a growing delay, which here is a job
 * sent with startAfterSeconds, kept in the database). The job queue's own
 * retries are for a handler that crashed before Fedify could do that.
 */
export const FEDERATION_QUEUES: Record<string, QueueSettings> = {
  [FEDERATION_JOB]: { retry: { retryLimit: 3, retryDelaySeconds: 30, backoff: true } },
  // A list's edits settled: it is compared with what was sent, and an Update queued as a FEDERATION_JOB (federation.publish-objects.ts).
  [FEDERATION_LIST_JOB]: { retry: { retryLimit: 3, retryDelaySeconds: 30, backoff: true } },
};

/** Deliveries at once in one worker process: remote servers are slow, and each job mostly waits for one. */
const DELIVERY_CONCURRENCY = 4;

/**
 * Fedify's MessageQueue over the app's job queue (pg-boss on PostgreSQL,
 * the jobs table on SQLite): deliveries survive a restart, wait out their
 * retry delay in the database, and on PostgreSQL each runs once whichever
 * instance takes it. `gate` may drop or trim a message as it is taken (instance blocks). `listen` only works where jobs are worked (VGL_ROLE
 * worker or all); it resolves when the signal aborts, as Fedify expects.
 */
export function jobMessageQueue(jobs: JobQueue, works: boolean, gate: (message: unknown) => Promise<unknown> = async (m) => m): MessageQueue {
  return {
    async enqueue(message: unknown, options?: MessageQueueEnqueueOptions) {
      const delayMs = options?.delay ? Math.max(0, options.delay.total({ unit: 'millisecond' })) : 0;
      await jobs.send(FEDERATION_JOB, { message }, delayMs > 0 ? { startAfterSeconds: Math.max(1, Math.ceil(delayMs / 1000)) } : {});
    },
    async listen(handler: (message: unknown) => Promise<void> | void, options?: MessageQueueListenOptions) {
      // The gate sees each message as it is taken: a delivery to a server blocked since it was queued is dropped.
      const deliver = async ({ message }: { message: unknown }) => {
        const allowed = await gate(message);
        if (allowed !== null) await handler(allowed);
      };
      if (works) await jobs.work<{ message: unknown }>(FEDERATION_JOB, deliver, { concurrency: DELIVERY_CONCURRENCY });
      const signal = options?.signal;
      if (!signal) return new Promise<void>(() => undefined);
      if (signal.aborted) return;
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    },
  };
}
