import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { MAIL_JOB, MAIL_RETRY, queuedMailer, workMail } from '../../mail/mail.jobs.js';
import { mailCounters } from '../../mail/mail.metrics.js';
import type { Mailer, MailTransport } from '../../mail/mailer.js';
import { NOTIFICATION_QUEUES, notificationMailer, workNotificationMail } from '../notifications/notifications.jobs.js';
import { IGDB_SYNC_JOB, IGDB_SYNC_QUEUE, workIgdbSync, type ScheduleOptions } from '../igdb/igdb.job.js';
import { WIKIDATA_SYNC_JOB, WIKIDATA_SYNC_QUEUE, workWikidataSync, type WikidataScheduleOptions } from '../wikidata/wikidata.job.js';
import { registerSyncMetrics } from '../catalog-sync/sync.metrics.js';
import { igdbSyncStatus } from '../igdb/igdb.run.js';
import { wikidataSyncStatus } from '../wikidata/wikidata.run.js';
import { createJobQueue } from './jobs.js';
import { createNotificationsService } from '../notifications/notifications.service.js';
import { RELEASE_ALERTS_JOB, RELEASE_ALERTS_QUEUE, releaseAlerts, sendReleaseAlerts, workReleaseAlerts } from '../releases/releases.alerts.js';
import { emailDueSignal, stopEmailDueSignals } from '../notifications/notifications.jobs.js';
import type { JobQueue, QueueSettings, RetryPolicy } from './jobs.queue.js';
import { FEDERATION_QUEUES } from '../federation/federation.queue.js';
import { PUSH_QUEUES, pushDueSignal, pusher, stopPushDueSignals, workPush } from '../push/push.jobs.js';

/** Tests shorten the waits; production keeps the defaults. */
export interface JobsOptions {
  mailRetry?: RetryPolicy;
  pollSeconds?: number;
  igdbSchedule?: ScheduleOptions;
  wikidataSchedule?: WikidataScheduleOptions;
}

/** The app's job queues and how each is retried. */
export const appQueues = (mailRetry: RetryPolicy = MAIL_RETRY): Record<string, QueueSettings> => ({
  [MAIL_JOB]: { retry: mailRetry },
  [IGDB_SYNC_JOB]: IGDB_SYNC_QUEUE,
  [WIKIDATA_SYNC_JOB]: WIKIDATA_SYNC_QUEUE,
  ...NOTIFICATION_QUEUES,
  [RELEASE_ALERTS_JOB]: RELEASE_ALERTS_QUEUE,
  ...PUSH_QUEUES,
  ...FEDERATION_QUEUES,
});

/**
 * The app's background work. Every role sends jobs; `worker` and `all`
 * (VGL_ROLE) also work them and keep the schedule: mail delivery,
 * notification e-mail (at once, and the daily digest), push notifications, release alerts, the IGDB
 * sync when IGDB is configured, and the Wikidata sync when it is on (the
 * default without IGDB keys). Stopped before the database closes.
 */
export async function registerJobs(
  app: FastifyInstance,
  { config, db, transport, mailer, options = {} }: { config: Config; db: Db; transport: MailTransport; mailer?: Mailer; options?: JobsOptions },
): Promise<JobQueue> {
  const works = config.role !== 'web';
  const queue = createJobQueue(db, app.log, {
    queues: appQueues(options.mailRetry),
    works,
    pollSeconds: options.pollSeconds,
  });
  await queue.start();
  const stopSyncs: (() => Promise<void>)[] = [];
  if (works) {
    await workMail(queue, transport, mailCounters(app.metrics.registry));
    const notificationMail = notificationMailer({ db, mailer: mailer ?? queuedMailer(queue), publicUrl: config.publicUrl, secret: config.jwtSecret!, log: app.log });
    await workNotificationMail(queue, notificationMail);
    // buildApp resolved the keys (push/vapid.keys.ts) before the jobs.
    await workPush(queue, pusher({ db, queue, vapid: { ...config.push.keys!, subject: config.push.subject }, log: app.log }));
    // Release alerts: every 15 minutes, and after each catalog sync that finished (the dates it wrote).
    const notifications = createNotificationsService(db, { onEmailDue: emailDueSignal(queue, app.log), onPushDue: pushDueSignal(queue, app.log) });
    await workReleaseAlerts(queue, releaseAlerts({ db, notifications, log: app.log }));
    const afterRun = () => sendReleaseAlerts(queue);
    if (config.igdb) stopSyncs.push(await workIgdbSync(queue, db, config.igdb, app.log, { afterRun, ...options.igdbSchedule }));
    if (config.wikidata.mode === 'on') stopSyncs.push(await workWikidataSync(queue, db, config.wikidata, app.log, { afterRun, ...options.wikidataSchedule }));
  }
  // Read at each scrape; NaN (not a failed scrape) while the database does not answer.
  const count = (which: 'pending' | 'failed') => async () => (await queue.counts().catch(() => ({ pending: Number.NaN, failed: Number.NaN })))[which];
  app.metrics.addGauge('vgl_jobs_pending', 'Background jobs waiting, retrying or running (mail, catalog sync), all instances', count('pending'));
  app.metrics.addGauge('vgl_mail_pending', 'Mails waiting, retrying or being sent, all instances', async () => (await queue.counts(MAIL_JOB).catch(() => ({ pending: Number.NaN }))).pending);
  app.metrics.addGauge('vgl_jobs_failed', 'Background jobs that failed every try and wait for a person (the dashboard lists failed mail)', count('failed'));
  // The syncs' state is shared: every instance reports each configured source, worker or not.
  registerSyncMetrics(app.metrics.registry, [
    ...(config.igdb ? [{ source: 'igdb', status: igdbSyncStatus(db) }] : []),
    ...(config.wikidata.mode !== 'off' ? [{ source: 'wikidata', status: wikidataSyncStatus(db) }] : []),
  ]);
  // Before the database closes: the sync under way stops at its next query, mail under way is finished.
  app.addHook('preClose', async () => {
    stopEmailDueSignals(queue);
    stopPushDueSignals(queue);
    await Promise.all(stopSyncs.map((stop) => stop()));
    await queue.stop();
    transport.close();
  });
  return queue;
}
