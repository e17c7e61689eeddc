import type { FailedMail } from '@vgl/shared';
import type { JobQueue, RetryPolicy } from '../modules/jobs/jobs.queue.js';
import type { MailCounters } from './mail.metrics.js';
import { SMTP_CONNECTIONS, type Mailer, type MailMessage, type MailTransport } from './mailer.js';

export const MAIL_JOB = 'mail.send';

/**
 * 5 tries over about half an hour: waits of 1, 2, 4 and 8 minutes (pg-boss
 * adds up to as much again at random, so instances do not retry in step).
 */
export const MAIL_RETRY: RetryPolicy = { retryLimit: 4, retryDelaySeconds: 60, backoff: true };

/** Sending a mail puts it in the job queue: it survives a restart, and any worker instance delivers it. */
export const queuedMailer = (queue: JobQueue): Mailer => ({
  async send(message) {
    await queue.send(MAIL_JOB, message);
  },
});

/**
 * Mails one worker process delivers at once: one per pooled SMTP connection.
 * A burst of 40 took up to 21.5 s one at a time (pg-boss's polling pace);
 * the queue still hands each mail to one worker only.
 */
export const MAIL_CONCURRENCY = SMTP_CONNECTIONS;

/** A worker delivers each mail job through the transport; a throw is a failed try, retried by the queue. */
export const workMail = (queue: JobQueue, transport: MailTransport, counters?: MailCounters) =>
  queue.work<MailMessage>(
    MAIL_JOB,
    async (message) => {
      try {
        await transport.deliver(message);
      } catch (err) {
        counters?.failed(message.kind);
        throw err;
      }
      counters?.sent(message.kind);
    },
    { concurrency: MAIL_CONCURRENCY },
  );

/** Mail out of tries, for the dashboard (the link in it is not shown: it may be a live reset link). */
export async function failedMail(queue: JobQueue, limit: number): Promise<{ total: number; latest: FailedMail[] }> {
  const { total, latest } = await queue.failed<MailMessage>(MAIL_JOB, limit);
  return {
    total,
    latest: latest.map((job) => ({ id: job.id, to: job.data.to, subject: job.data.subject, lastError: job.lastError, tries: job.tries, failedAt: job.failedAt })),
  };
}

export const retryMail = (queue: JobQueue, id: string) => queue.retry(MAIL_JOB, id);
