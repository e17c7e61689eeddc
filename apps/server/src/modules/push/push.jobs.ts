import type { FastifyBaseLogger } from 'fastify';
import type { VapidKeys } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { JobQueue, QueueSettings } from '../jobs/jobs.queue.js';
import { deliveryOnSending } from '../notifications/notifications.policy.js';
import { notificationMailRepo } from '../notifications/notifications.repo.js';
import { pushPayload } from './push.payload.js';
import { pushRepo, type PushSubscriptionRow } from './push.repo.js';
import { sendPush, type PushOutcome } from './push.send.js';

/** Sends the pushes of new notifications: after each, and every minute as a backstop. */
export const PUSH_DUE_JOB = 'push.due';
/** One device's push, tried again after the push service said "later" (429, 5xx) or did not answer. */
export const PUSH_RETRY_JOB = 'push.retry';

export const PUSH_QUEUES: Record<string, QueueSettings> = {
  // One waiting and one running: a burst of notifications is one pass.
  [PUSH_DUE_JOB]: { retry: { retryLimit: 3, retryDelaySeconds: 30, backoff: true }, oneAtATime: true },
  // Retries are sent as new jobs with the wait the push service asked for (Retry-After); the queue's own retry would not honour it.
  [PUSH_RETRY_JOB]: { retry: { retryLimit: 0, retryDelaySeconds: 30, backoff: false } },
};

/** Tries per device and notification; then it waits in the app. */
export const PUSH_ATTEMPTS = 5;
/** Without Retry-After: 30 s, 1, 2, 4 minutes. */
export const backoffSeconds = (attempt: number) => 30 * 2 ** (attempt - 1);
/** A Retry-After longer than this is cut to it: a notification is not worth holding for a day. */
const MAX_WAIT_SECONDS = 3600;
const BATCH = 200;

export interface PushRetryJob {
  notificationId: number;
  subscriptionId: number;
  attempt: number;
}

export interface PusherDeps {
  db: Db;
  queue: JobQueue;
  vapid: VapidKeys & { subject: string };
  log?: FastifyBaseLogger;
  now?: () => number;
}

/**
 * Web Push through the job queue. Each notification's push is claimed from
 * push_outbox before it is sent, so two passes at once never push it twice;
 * whether it is sent at all is asked again of deliveryOnSending (the member
 * may have muted, blocked or turned the kind off since, a moderator silenced
 * the server of the remote account it is about).
 */
export function pusher({ db, queue, vapid, log, now = Date.now }: PusherDeps) {
  const k = db.kysely;

  /** The payload of a notification still to be pushed, or null: gone, silenced, turned off, or about someone no one sees any more. */
  async function payloadOf(notificationId: number) {
    const [row] = await notificationMailRepo.details(k, [notificationId]);
    if (!row || row.recipient_state !== 'active' || row.actor_state !== 'active') return null;
    if (!(await deliveryOnSending(k, row)).push) return null;
    return { userId: row.user_id, payload: pushPayload(row) };
  }

  async function deliver(sub: PushSubscriptionRow, notificationId: number, payload: ReturnType<typeof pushPayload>, attempt: number): Promise<PushOutcome> {
    const outcome = await sendPush(sub, payload, vapid);
    const where = { subscription: sub.id, notification: notificationId, attempt };
    switch (outcome.result) {
      case 'sent':
        await pushRepo.succeeded(k, sub.id, now());
        break;
      case 'gone':
        await pushRepo.drop(k, sub.id);
        log?.info({ ...where, status: outcome.status }, 'push: the subscription expired; dropped');
        break;
      case 'refused':
        await pushRepo.failed(k, sub.id);
        log?.warn({ ...where, status: outcome.status, reason: outcome.reason }, 'push: refused by the push service; not retried');
        break;
      case 'retry': {
        await pushRepo.failed(k, sub.id);
        if (attempt >= PUSH_ATTEMPTS) {
          log?.warn({ ...where, status: outcome.status, reason: outcome.reason }, 'push: the push service kept failing; given up');
          break;
        }
        const wait = Math.min(MAX_WAIT_SECONDS, outcome.retryAfterSeconds ?? backoffSeconds(attempt));
        const job: PushRetryJob = { notificationId, subscriptionId: sub.id, attempt: attempt + 1 };
        await queue.send(PUSH_RETRY_JOB, job, { startAfterSeconds: wait });
        break;
      }
    }
    return outcome;
  }

  return {
    /** One pass over the notifications waiting for their push; answers how many pushes reached a push service. */
    async sendDue(): Promise<number> {
      let sent = 0;
      for (const { notification_id: id } of await pushRepo.due(k, BATCH)) {
        if (!(await pushRepo.claim(k, id))) continue;
        const due = await payloadOf(id);
        if (!due) continue;
        const outcomes = await Promise.all((await pushRepo.subscriptionsOf(k, due.userId)).map((sub) => deliver(sub, id, due.payload, 1)));
        sent += outcomes.filter((o) => o.result === 'sent').length;
      }
      return sent;
    },

    /** A later try for one device; nothing when the device or the notification is gone, or it is no longer to be pushed. */
    async retry({ notificationId, subscriptionId, attempt }: PushRetryJob): Promise<void> {
      const sub = await pushRepo.byId(k, subscriptionId);
      const due = sub && (await payloadOf(notificationId));
      if (!sub || !due || due.userId !== sub.user_id) return;
      await deliver(sub, notificationId, due.payload, attempt);
    },
  };
}

export type Pusher = ReturnType<typeof pusher>;

export async function workPush(queue: JobQueue, jobs: Pusher): Promise<void> {
  await queue.work(PUSH_DUE_JOB, async () => void (await jobs.sendDue()));
  await queue.work<PushRetryJob>(PUSH_RETRY_JOB, (data) => jobs.retry(data), { concurrency: 4 });
  await queue.schedule(PUSH_DUE_JOB, '* * * * *');
}

const dueTimers = new WeakMap<JobQueue, NodeJS.Timeout>();
const stoppedQueues = new WeakSet<JobQueue>();

/**
 * Tells the workers a push is due: a moment later, so the write that made
 * the notification has committed. A burst of notifications makes one pass;
 * the minute sweep catches any this missed.
 */
export const pushDueSignal = (queue: JobQueue, log: FastifyBaseLogger) => () => {
  if (stoppedQueues.has(queue) || dueTimers.has(queue)) return;
  const timer = setTimeout(() => {
    dueTimers.delete(queue);
    if (stoppedQueues.has(queue)) return;
    queue.send(PUSH_DUE_JOB, {}).catch((err: unknown) => log.warn({ err }, 'push: the job could not be sent'));
  }, 500);
  timer.unref();
  dueTimers.set(queue, timer);
};

/** Before the queue stops: no send may reach a pool already ended. */
export function stopPushDueSignals(queue: JobQueue): void {
  stoppedQueues.add(queue);
  clearTimeout(dueTimers.get(queue));
  dueTimers.delete(queue);
}
