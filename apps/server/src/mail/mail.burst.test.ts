import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openAnotherApp, type TestApp } from '../test/app.js';
import { dbKinds } from '../test/databases.js';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';
import { appQueues } from '../modules/jobs/jobs.app.js';
import { createJobQueue } from '../modules/jobs/jobs.js';
import type { JobQueue, RetryPolicy } from '../modules/jobs/jobs.queue.js';
import { MAIL_JOB } from './mail.jobs.js';
import type { MailMessage } from './mailer.js';

const METRICS_TOKEN = 'mail-burst-metrics-token-0123456789';
const RETRY: RetryPolicy = { retryLimit: 1, retryDelaySeconds: 0, backoff: false };
const BURST = 40;

async function until<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const mail = (to: string): MailMessage => ({ kind: 'test', to, subject: 'Burst', text: 'A mail of a burst.', html: '<p>A mail of a burst.</p>' });

/** The value of one series in a /metrics answer (0 when absent). */
const series = (text: string, name: string) => Number(text.match(new RegExp(`^${name.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm'))?.[1] ?? 0);

/*
 * Many mails queued at once (a web instance's burst) are delivered several
 * at a time over pooled connections; each still reaches its recipient once,
 * and a mail the server refuses fails (and is retried) on its own, whatever
 * else was delivered beside it. On PostgreSQL two worker instances share the work.
 */
describe.each(dbKinds)('a burst of mail on %s', (kind) => {
  let sink: SmtpSink;
  let first: TestApp;
  let second: TestApp | undefined;
  let sender: JobQueue;

  beforeAll(async () => {
    sink = await startSmtpSink({ refuse: (to) => to.startsWith('refused') });
    const options = { env: { SMTP_URL: sink.url, METRICS_TOKEN }, jobs: { mailRetry: RETRY } };
    first = await createTestApp(kind, options);
    if (kind === 'postgres') second = await openAnotherApp(first, options);
    // A sender that works nothing, as a web instance.
    sender = createJobQueue(first.db, pino({ level: 'silent' }), { queues: appQueues(RETRY), works: false });
    await sender.start();
  });
  afterAll(async () => {
    await sender.stop();
    await second?.close();
    await first.close();
    await sink.close();
  });

  it('delivers every mail once, fails the refused ones alone, and counts both in /metrics', async () => {
    const addresses = Array.from({ length: BURST }, (_, i) => `burst${i}@example.com`);
    await Promise.all([...addresses, 'refused1@example.com', 'refused2@example.com'].map((to) => sender.send(MAIL_JOB, mail(to))));

    // A mail reaches the sink a moment before its job is marked done (pg-boss completes it after the SMTP answer):
    // waited for until the queue has nothing left, then every count must be exact.
    await until(async () => {
      const counts = await sender.counts(MAIL_JOB);
      return counts.failed === 2 && counts.pending === 0 && sink.mails.length >= BURST;
    });
    expect(await sender.counts(MAIL_JOB)).toEqual({ pending: 0, failed: 2 });
    expect(sink.mails.map((m) => m.to).sort()).toEqual([...addresses].sort());
    // Each refused mail: its first try and its one retry.
    expect(sink.refused.sort()).toEqual(['refused1@example.com', 'refused1@example.com', 'refused2@example.com', 'refused2@example.com']);

    const scrapes = await Promise.all(
      [first, second].filter((t) => t !== undefined).map(async (t) => (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body),
    );
    const total = (name: string) => scrapes.reduce((sum, text) => sum + series(text, name), 0);
    expect(total('vgl_mail_sent_total{kind="test"}')).toBe(BURST);
    expect(total('vgl_mail_failed_total{kind="test"}')).toBe(4);
    expect(total('vgl_mail_sent_total{kind="activation"}')).toBe(0);
    expect(scrapes[0]).toMatch(/^vgl_mail_pending 0$/m);
  });
});
