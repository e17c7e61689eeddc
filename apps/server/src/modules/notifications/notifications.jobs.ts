import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_KIND_GROUP } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import type { JobQueue, QueueSettings } from '../jobs/jobs.queue.js';
import { notificationSettingsRepo } from './notification-settings.repo.js';
import { deliveryOnSending } from './notifications.policy.js';
import { notificationMailRepo, type NotificationMailRow } from './notifications.repo.js';
import { digestMail, notificationMail, type MailLinks } from './notifications.templates.js';
import { unsubscribeTokens, type UnsubscribeScope } from './unsubscribe.token.js';

/** Sends the e-mails of notifications due at once: after each such notification, and every minute as a backstop. */
export const NOTIFICATION_MAIL_JOB = 'notifications.mail';
/** Sends each member who chose it their daily digest. */
export const NOTIFICATION_DIGEST_JOB = 'notifications.digest';

/** One waiting and one running, whoever sends: a burst of notifications is one pass, not one job each. */
const PASS: QueueSettings = { retry: { retryLimit: 3, retryDelaySeconds: 30, backoff: true }, oneAtATime: true };
export const NOTIFICATION_QUEUES: Record<string, QueueSettings> = { [NOTIFICATION_MAIL_JOB]: PASS, [NOTIFICATION_DIGEST_JOB]: PASS };

/** The daily digest goes out at 07:00 UTC. */
export const DIGEST_CRON = '0 7 * * *';
/** A pass handles this many at most; the next pass (a minute later at most) takes the rest. */
const BATCH = 200;

const DAY_MS = 86_400_000;
export const utcDayStart = (at: number) => Math.floor(at / DAY_MS) * DAY_MS;

export interface NotificationMailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
  log?: FastifyBaseLogger;
  now?: () => number;
}

/**
 * Notification e-mail, sent through the job queue. Each notification's
 * e-mail is claimed by a conditional write before it is sent, so two passes
 * at once (two workers, a retry) never send it twice; the digest is claimed
 * per member and day the same way (notification_settings.last_digest_at).
 */
export function notificationMailer({ db, mailer, publicUrl, secret, log, now = Date.now }: NotificationMailDeps) {
  const k = db.kysely;
  const tokens = unsubscribeTokens(secret);
  const linksFor = (userId: number, scope: UnsubscribeScope): MailLinks => {
    const token = encodeURIComponent(tokens.sign({ userId, scope }));
    return { publicUrl, unsubscribePage: `${publicUrl}/unsubscribe?token=${token}`, unsubscribeOneClick: `${publicUrl}/api/unsubscribe?token=${token}` };
  };
  // A member who cannot sign in, or an actor no one sees any more, is not written about.
  const mailable = (row: NotificationMailRow) => row.recipient_state === 'active' && row.actor_state === 'active';

  return {
    /** One pass over the notifications due at once; answers how many e-mails were sent. */
    async sendDue(): Promise<number> {
      const due = await notificationMailRepo.dueNow(k, BATCH);
      let sent = 0;
      for (const row of await notificationMailRepo.details(k, due.map((d) => d.id))) {
        // Asked again: the member may have turned it off, or chosen the digest, since.
        const delivery = await deliveryOnSending(k, row);
        if (delivery.email === 'digest') {
          await notificationMailRepo.toDigest(k, row.id);
          continue;
        }
        if (!(await notificationMailRepo.claim(k, row.id, 'now'))) continue;
        if (delivery.email !== 'now' || !mailable(row)) continue;
        const group = NOTIFICATION_KIND_GROUP[row.kind] ?? 'all';
        await mailer.send(notificationMail(row, linksFor(row.user_id, group)));
        sent += 1;
      }
      return sent;
    },

    /** Each member's digest of what waited for it, once a UTC day; answers how many digests were sent. */
    async sendDigests(): Promise<number> {
      const at = now();
      let sent = 0;
      for (const userId of await notificationMailRepo.membersWithDigest(k, 10_000)) {
        if (!(await notificationSettingsRepo.claimDigest(k, userId, at, utcDayStart(at)))) continue;
        const ids = (await notificationMailRepo.digestOf(k, userId)).map((r) => r.id);
        await notificationMailRepo.claimDigest(k, userId, ids);
        const rows: NotificationMailRow[] = [];
        for (const row of await notificationMailRepo.details(k, ids)) {
          if (mailable(row) && (await deliveryOnSending(k, row)).email !== null) rows.push(row);
        }
        if (rows.length === 0) continue;
        await mailer.send(digestMail(rows, linksFor(userId, 'all')));
        sent += 1;
      }
      log?.info({ digests: sent }, 'notification digests sent');
      return sent;
    },
  };
}

export type NotificationMailerJobs = ReturnType<typeof notificationMailer>;

/** A worker sends notification e-mail: each pass when told, every minute anyway, and the digest daily. */
export async function workNotificationMail(queue: JobQueue, jobs: NotificationMailerJobs): Promise<void> {
  await queue.work(NOTIFICATION_MAIL_JOB, async () => void (await jobs.sendDue()));
  await queue.work(NOTIFICATION_DIGEST_JOB, async () => void (await jobs.sendDigests()));
  await queue.schedule(NOTIFICATION_MAIL_JOB, '* * * * *');
  await queue.schedule(NOTIFICATION_DIGEST_JOB, DIGEST_CRON);
}

/** The one pending "e-mail due" send per queue, and queues that stopped (no send may reach a closed pool). */
const dueTimers = new WeakMap<JobQueue, NodeJS.Timeout>();
const stoppedQueues = new WeakSet<JobQueue>();

/**
 * Tells the workers a notification's e-mail is due: a second later, so the
 * write that made it has committed. A burst of notifications makes one send.
 */
export const emailDueSignal = (queue: JobQueue, log: FastifyBaseLogger) => () => {
  if (stoppedQueues.has(queue) || dueTimers.has(queue)) return;
  const timer = setTimeout(() => {
    dueTimers.delete(queue);
    if (stoppedQueues.has(queue)) return;
    queue.send(NOTIFICATION_MAIL_JOB, {}, { startAfterSeconds: 0 }).catch((err: unknown) => log.warn({ err }, 'notification e-mail: the job could not be sent'));
  }, 1000);
  timer.unref();
  dueTimers.set(queue, timer);
};

/**
 * Before the queue stops: a send still waiting for its second would otherwise
 * reach a pool already ended (an unhandled "Cannot use a pool after calling
 * end on the pool" from pg-boss at shutdown). The minute sweep of whichever
 * worker runs next sends what is due.
 */
export function stopEmailDueSignals(queue: JobQueue): void {
  stoppedQueues.add(queue);
  clearTimeout(dueTimers.get(queue));
  dueTimers.delete(queue);
}
