import type { DocumentLoader, Federation, KvStore } from '@fedify/fedify';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { VGL_VERSION } from '../../version.js';
import type { LimitCounters } from '../../http/limits/index.js';
import type { JobQueue } from '../jobs/jobs.queue.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { followAnswers, notifyFollowRequest, type FollowAnswers } from './federation.approvals.js';
import { loadFedify, type Fedify } from './federation.fedify.js';
import { createFollowingService, type FollowingService } from './federation.following.js';
import { registerInbox } from './federation.inbox.js';
import { deliveryGate } from './federation.instances.js';
import { databaseKvStore } from './federation.kv.js';
import { routeFedifyLogs } from './federation.logging.js';
import { registerObjects } from './federation.objects.js';
import { createPublisher, type Publisher } from './federation.publish.js';
import { createObjectPublisher } from './federation.publish-objects.js';
import { backfillOutbox } from './federation.backfill.js';
import { publishedObjects } from './federation.published.objects.js';
import { createRepliesOutService, type RepliesOutService } from './federation.replies-out.js';
import { FEDERATION_LIST_JOB, jobMessageQueue } from './federation.queue.js';
import { federationRoutes } from './federation.routes.js';

/**
 * For tests only: a fake remote server on 127.0.0.1 over plain http, and
 * retries seconds apart instead of minutes. Never set in production; there
 * Fedify fetches public https addresses only.
 */
export interface FederationTestOptions {
  allowPrivateHttp?: boolean;
  /** The first retry's delay; each next one doubles it, without jitter. */
  retryInitialDelayMs?: number;
  /** How long a list stays unedited before it is sent (LIST_SETTLE_SECONDS otherwise). */
  listSettleSeconds?: number;
  /** What the outbox backfill leaves to the publisher as written too recently (BACKFILL_QUIET_MS otherwise). */
  backfillQuietMs?: number;
}

/** A remote document over plain http is refused: our signed requests and members' keys travel over TLS only. */
function httpsOnly(loader: DocumentLoader): DocumentLoader {
  return async (url) => {
    if (new URL(url).protocol !== 'https:') throw new Error(`Refused to fetch ${url}: only https:// addresses are fetched.`);
    return loader(url);
  };
}

/** How Fedify fetches remote actors, keys and objects: https only, its responses cached in our KvStore. */
function loaderOptions(f: Fedify, kv: KvStore, testing: FederationTestOptions) {
  if (testing.allowPrivateHttp) return { allowPrivateAddress: true };
  const userAgent = { software: `VGL/${VGL_VERSION}` };
  return {
    documentLoaderFactory: () => f.kvCache({ loader: httpsOnly(f.getDocumentLoader({ userAgent })), kv, prefix: ['_fedify', 'remoteDocument'] }),
    authenticatedDocumentLoaderFactory: (identity: Parameters<Fedify['getAuthenticatedDocumentLoader']>[0]) => httpsOnly(f.getAuthenticatedDocumentLoader(identity, { userAgent })),
  };
}

/**
 * FEDERATION=on: members are ActivityPub actors (WebFinger, Person, inbox,
 * outbox, followers) and their public reviews reach their remote followers.
 * Fedify is imported here, on first call, never when federation is off.
 * Every role builds the federation (a worker delivers what web instances
 * queue); only those that serve pages mount its routes.
 */
export async function registerFederation(
  app: FastifyInstance,
  {
    config,
    db,
    jobs,
    notifications,
    limits,
    testing = {},
  }: { config: Config; db: Db; jobs: JobQueue; notifications: Pick<NotificationsService, 'notify' | 'notifyRemote'>; limits?: LimitCounters; testing?: FederationTestOptions },
): Promise<Publisher & { listChanged: (listId: number) => void; answers: FollowAnswers; following: FollowingService; replies: RepliesOutService }> {
  const f = await loadFedify();
  await routeFedifyLogs(app.log, config.logLevel);
  const k = db.kysely;
  const kv = databaseKvStore(k);
  const works = config.role !== 'web';
  const federation: Federation<void> = f.createFederation<void>({
    kv,
    // Outgoing deliveries only: incoming activities are handled in the request (Fedify has checked the signature by then).
    queue: { outbox: jobMessageQueue(jobs, works, deliveryGate(k)) },
    manuallyStartQueue: true,
    // Fedify retries on its own schedule; the log says so each time, so an operator sees a server that refuses us.
    onOutboxError: (error, activity) => app.log.warn({ err: error, activity: activity?.id?.href }, 'federation: a delivery failed; it will be retried'),
    origin: config.publicUrl,
    ...loaderOptions(f, kv, testing),
    outboxRetryPolicy: testing.retryInitialDelayMs
      ? f.createExponentialBackoffPolicy({ initialDelay: { milliseconds: testing.retryInitialDelayMs }, jitter: false, maxAttempts: 5 })
      : // Ten tries a minute, two, four… apart: a server down for most of a day still gets its deliveries (Fedify's default gave up within 20 minutes).
        f.createExponentialBackoffPolicy({ initialDelay: { minutes: 1 }, maxDelay: { hours: 12 }, maxAttempts: 10 }),
  });
  const reachable = (inbox: URL) => inbox.protocol === 'https:' || testing.allowPrivateHttp === true;
  const published = publishedObjects(federation, { f, k, publicUrl: config.publicUrl });
  const { buildNote } = registerObjects(federation, { f, k, publicUrl: config.publicUrl, published });
  // What remote accounts do to reviews is told as a member's doing is: in the app, by e-mail and push (notifyRemote).
  registerInbox(federation, {
    f,
    k,
    log: app.log,
    reachable,
    notifyRemote: notifications.notifyRemote,
    onFollowRequest: notifyFollowRequest(notifications),
    allowHttp: testing.allowPrivateHttp === true,
  });
  const answers = followAnswers(f, federation, config.publicUrl);
  const reviews = createPublisher({ f, k, federation, publicUrl: config.publicUrl, buildNote, answers, log: app.log });
  const objects = createObjectPublisher({ f, k, federation, publicUrl: config.publicUrl, published, jobs, log: app.log, listSettleSeconds: testing.listSettleSeconds });
  // A write to an entry may change its review and its plays; a member's privacy, all of them.
  const publisher: Publisher & { listChanged: (listId: number) => void } = {
    ...reviews,
    entryChanged: (entryId) => {
      reviews.entryChanged(entryId);
      objects.entryChanged(entryId);
    },
    memberChanged: (userId) => {
      reviews.memberChanged(userId);
      objects.memberChanged(userId);
    },
    listChanged: objects.listChanged,
    settled: async () => void (await Promise.all([reviews.settled(), objects.settled()])),
  };
  const following = createFollowingService({ f, federation, k, publicUrl: config.publicUrl, log: app.log, reachable, allowHttp: testing.allowPrivateHttp === true });
  const replies = createRepliesOutService({ f, federation, k, publicUrl: config.publicUrl, log: app.log, limits });

  let backfilling: Promise<void> = Promise.resolve();
  if (works) {
    await jobs.work<{ listId: number; at: number }>(FEDERATION_LIST_JOB, (data) => objects.listSettled(data));
    // What was public before federation was turned on joins the outboxes, in the background once the app is up.
    // Not awaited: start-up does not wait for it.
    app.addHook('onReady', async () => {
      backfilling = backfillOutbox({ k, publicUrl: config.publicUrl, published, log: app.log, quietMs: testing.backfillQuietMs }).then(
        () => undefined,
        (err: unknown) => app.log.error({ err }, 'federation: the outbox backfill failed'),
      );
    });
    const stop = new AbortController();
    void federation.startQueue(undefined, { signal: stop.signal }).catch((err: unknown) => app.log.error({ err }, 'federation: the delivery queue stopped'));
    app.addHook('preClose', async () => {
      await backfilling;
      await publisher.settled();
      stop.abort();
    });
  } else {
    app.addHook('preClose', () => publisher.settled());
  }
  if (config.role !== 'worker') await federationRoutes(app, federation, config.publicUrl, k);
  return { ...publisher, answers, following, replies };
}
