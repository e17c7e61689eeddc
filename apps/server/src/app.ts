import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { constants as zlib } from 'node:zlib';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerCors } from './http/cors.js';
import { refuseEncodedBodies } from './http/request-encoding.js';
import { apiNoStore } from './http/response-headers.js';
import { registerAccessLog } from './http/access-log.js';
import { registerResponseCache, SOCIAL_TTL_MS } from './http/response-cache.js';
import { registerWriteAnnouncements } from './http/write-announcements.js';
import { createChangeFeed } from './http/change-feed.js';
import { catalogLoad } from './modules/catalog/catalog.loading.js';
import { createLimitCounters } from './http/limits/index.js';
import { routeLimitStore } from './http/limits/route-store.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerOpenApi } from './http/openapi.js';
import { echoRequestId, proxyTrust, requestIdGenerator } from './http/trusted-proxies.js';
import { registerMetrics } from './http/metrics.js';
import { registerFairness, type LoadSignals } from './http/fairness/index.js';
import { onlyDocumentedStatuses, routeConventions } from './http/route-conventions.js';
import { serializerCompiler, validatorCompiler } from './http/schema-compilers.js';
import { accessGuards } from './modules/auth/auth.guard.js';
import { tokensRoutes } from './modules/tokens/tokens.routes.js';
import { createTokensService } from './modules/tokens/tokens.service.js';
import { createPageMeta } from './http/page-meta.js';
import { registerSpa } from './http/spa.js';
import { registerSitemap } from './modules/sitemap/sitemap.routes.js';
import { AppError } from './http/errors.js';
import { createMailTransport, type Mailer } from './mail/mailer.js';
import { failedMail, queuedMailer, retryMail } from './mail/mail.jobs.js';
import { registerJobs, type JobsOptions } from './modules/jobs/jobs.app.js';
import { registerFederation, type FederationTestOptions } from './modules/federation/federation.app.js';
import { createRemoteInteractionsService, remoteInteractionsRoutes } from './modules/federation/federation.interactions.routes.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { createCatalogService } from './modules/catalog/catalog.service.js';
import { homeRoutes } from './modules/home/home.routes.js';
import { createHomeService } from './modules/home/home.service.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { libraryRoutes } from './modules/library/library.routes.js';
import { libraryTransferRoutes } from './modules/transfer/transfer.routes.js';
import { steamImportRoutes } from './modules/transfer/steam/steam.routes.js';
import { createImportGate } from './modules/transfer/import.gate.js';
import { createLibraryService, type ReviewTextHook } from './modules/library/library.service.js';
import { playsRoutes } from './modules/plays/plays.routes.js';
import { createPlaysService } from './modules/plays/plays.service.js';
import { likesRoutes } from './modules/likes/likes.routes.js';
import { createLikesService } from './modules/likes/likes.service.js';
import { createActivityService } from './modules/activity/activity.service.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { createCommentsService } from './modules/comments/comments.service.js';
import { listsRoutes } from './modules/lists/lists.routes.js';
import { createListsService } from './modules/lists/lists.service.js';
import { statsRoutes } from './modules/stats/stats.routes.js';
import { followsRoutes } from './modules/follows/follows.routes.js';
import { audienceRoutes } from './modules/audience/audience.routes.js';
import { createRemoteFollowersService } from './modules/federation/federation.approvals.js';
import { remoteFollowersRoutes } from './modules/federation/federation.followers.routes.js';
import { followingRoutes } from './modules/federation/federation.following.routes.js';
import { createAccountBlocksService, createAccountSuspensionsService } from './modules/federation/federation.blocks.js';
import { accountBlocksRoutes, adminAccountSuspensionsRoutes } from './modules/federation/federation.blocks.routes.js';
import { createAudienceService } from './modules/audience/audience.service.js';
import { friendsRoutes } from './modules/friends/friends.routes.js';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.js';
import { createOnboardingService } from './modules/onboarding/onboarding.service.js';
import { createFollowsService } from './modules/follows/follows.service.js';
import { peopleRoutes } from './modules/people/people.routes.js';
import { createPeopleService } from './modules/people/people.service.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { releasesRoutes } from './modules/releases/releases.routes.js';
import { createReleasesService } from './modules/releases/releases.service.js';
import { memberPlatformsRoutes } from './modules/member-platforms/member-platforms.routes.js';
import { createMemberPlatformsService } from './modules/member-platforms/member-platforms.service.js';
import { shareRoutes } from './modules/share/share.routes.js';
import { createShareService } from './modules/share/share.service.js';
import { emailDueSignal } from './modules/notifications/notifications.jobs.js';
import { pushDueSignal } from './modules/push/push.jobs.js';
import { pushRoutes } from './modules/push/push.routes.js';
import { createPushService } from './modules/push/push.service.js';
import { vapidKeysFor } from './modules/push/vapid.keys.js';
import { notificationSettingsRoutes } from './modules/notifications/notification-settings.routes.js';
import { createNotificationSettingsService } from './modules/notifications/notification-settings.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { healthDatabase } from './modules/health/health.connection.js';
import { VGL_COMMIT, VGL_VERSION } from './version.js';
import { registerJsonBodies } from './http/json-body.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { createReportsService } from './modules/reports/reports.service.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { adminInstancesRoutes } from './modules/admin/admin.instances.routes.js';
import { createInstanceRulesService } from './modules/admin/admin.instances.js';
import { registrationRoutes } from './modules/registration/registration.routes.js';
import { createRegistrationService } from './modules/registration/registration.service.js';
import { registrationSettings } from './modules/registration/registration.settings.js';
import { createAdminService } from './modules/admin/admin.service.js';
import { catalogAdminRoutes } from './modules/igdb/igdb.admin.routes.js';
import { submissionsRoutes } from './modules/submissions/submissions.routes.js';
import { createSubmissionsService } from './modules/submissions/submissions.service.js';
import { createCatalogAdminService } from './modules/igdb/igdb.admin.service.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { avatarStore } from './modules/settings/avatars.store.js';
import { registerAvatarFiles } from './modules/settings/avatars.routes.js';
import { formerUsernames } from './modules/users/former-names.js';
import { formerGameSlugs } from './modules/catalog/catalog.slugs.js';
import { movedPages, registerMovedReads } from './http/moved-reads.js';
import { API_MESSAGES } from '@vgl/shared';
import { LOG_REDACT } from './log.js';
import { registerIdempotency } from './modules/idempotency/idempotency.plugin.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/web/dist, from both src/ (tests) and dist/ (production). */
export const DEFAULT_WEB_ROOT = path.resolve(here, '../../web/dist');
const VERSION = VGL_VERSION;

export interface AppDeps {
  config: Config;
  db: Db;
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** The process's own logger (main.ts: log.ts's), so start-up and request lines are one JSON stream. */
  loggerInstance?: FastifyBaseLogger;
  /** Defaults to the job queue, whose workers deliver over SMTP_URL or to the outbox, as configured. */
  mailer?: Mailer;
  /** Tests: shorter retries and polling for the background jobs. */
  jobs?: JobsOptions;
  /** Per-IP request limits on sensitive routes; tests that hammer one route turn them off. */
  rateLimits?: boolean;
  /** Tests: an /api answer with a status its route does not document becomes a 500 naming it. */
  documentedStatusesOnly?: boolean;
  /** How long one request (headers and body) may take to arrive; tests shorten it. */
  requestTimeoutMs?: number;
  /** What load shedding watches: the process's own by default; tests give theirs, or false for none. */
  loadSignals?: LoadSignals | false;
  /** Tests: FEDERATION=on against a fake remote server on 127.0.0.1 over http, with short retries. */
  federation?: FederationTestOptions;
}

/**
 * A request must arrive whole within this time, so connections that trickle
 * a byte now and then cannot pile up (Fastify's default is no limit). A
 * 32 MiB import at 1 MB/s still fits.
 */
export const REQUEST_TIMEOUT_MS = 60_000;

export function loggerOptions(level: Config['logLevel']): FastifyServerOptions['logger'] {
  return { level, redact: LOG_REDACT };
}

export async function buildApp({ config, db, webRoot = DEFAULT_WEB_ROOT, logger, loggerInstance, mailer, jobs: jobsOptions, rateLimits = true, documentedStatusesOnly = false, requestTimeoutMs = REQUEST_TIMEOUT_MS, loadSignals, federation: federationTesting }: AppDeps): Promise<FastifyInstance> {
  // Migrations ran (startup.ts, or the tests' own): from here a turn's writes on SQLite commit together.
  db.commitInGroups();
  // TRUST_PROXY: only these peers' X-Forwarded-For (so per-IP limits see the client) and X-Request-Id are believed.
  const trustedProxy = config.trustProxy ? proxyTrust(config.trustProxy) : undefined;
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: logger ?? loggerOptions(config.logLevel) }),
    genReqId: requestIdGenerator(trustedProxy),
    // Replaced by one sampled line a request (http/access-log.ts, ACCESS_LOG).
    logController: new LogController({ disableRequestLogging: true }),
    // Off unless TRUST_PROXY: per-IP rate limits must not trust a client-supplied X-Forwarded-For.
    trustProxy: trustedProxy ?? false,
    bodyLimit: 1024 * 1024,
    requestTimeout: requestTimeoutMs,
    // Node only enforces the timeout it was constructed with (setting it afterwards, as Fastify does, is not
    // enough), and checks it on an interval (30 s by default): a quarter of the timeout keeps the bound tight.
    http: { requestTimeout: requestTimeoutMs, connectionsCheckingInterval: Math.min(30_000, Math.max(50, requestTimeoutMs / 4)) },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Database faults: answered 503/507 with Retry-After, and logged through the app's logger once per episode.
  db.faults.logTo(app.log);
  registerErrorHandling(app, db.faults);
  registerJsonBodies(app);
  echoRequestId(app);
  // Before any route: each gets its own observer (only when METRICS_TOKEN is set).
  const metrics = registerMetrics(app, { db, token: config.metricsToken });
  // The first hooks of every request: a client over its budget, or a server already behind, is answered at once.
  registerFairness(app, { db, settings: config.fairness, signals: loadSignals, budgets: rateLimits });

  registerSecurityHeaders(app, { secure: config.publicUrl.startsWith('https://') });
  registerAccessLog(app, config.accessLogSample);
  // Idempotency-Key on members' writes (the offline outbox's retries): before compression, which must see the answer it keeps.
  registerIdempotency(app, db);

  // What instances share on PostgreSQL (DESIGN.md): news of each other's writes, and rate-limit counters.
  const changes = createChangeFeed({ db, postgresUrl: config.database.kind === 'postgres' ? config.database.url : undefined, log: app.log });
  registerWriteAnnouncements(app, changes);
  const limits = createLimitCounters(db);
  app.addHook('onReady', () => changes.start());
  // A first start's catalog, loaded behind the pages (main.ts): what was kept from the partial one goes before "ready".
  const stopHearingCatalogLoad = catalogLoad.beforeReady(() => changes.checkCatalog());
  // Before compression: the routes it keeps answer in bytes it encoded itself, and compression skips them.
  const responseCache = registerResponseCache(app, changes);
  metrics.addGauge('vgl_response_cache_entries', 'Answers kept in this process’s response cache', () => responseCache.stats().entries);
  metrics.addGauge('vgl_response_cache_bytes', 'Bytes kept in this process’s response cache, every encoding counted', () => responseCache.stats().bytes);
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 11 costs ~100 ms per response; 5 keeps most of the gain for dynamic bodies.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // Compressed request bodies only where they make sense (the import's large CSVs); elsewhere 415 before reading.
  app.addHook('preParsing', refuseEncodedBodies);

  await registerOpenApi(app, VERSION, webRoot);
  if (config.corsOrigins.length > 0) await registerCors(app, config.corsOrigins);

  if (rateLimits) {
    await app.register(fastifyRateLimit, {
      global: false,
      store: routeLimitStore(limits),
      errorResponseBuilder: () => new AppError(429, 'rate_limited', API_MESSAGES.tooManyRequests),
    });
  }

  if (!config.jwtSecret) throw new Error('buildApp needs config.jwtSecret (see resolveJwtSecret)');
  // Web Push's VAPID pair: the operator's, or the one generated once (DATA_DIR on SQLite, the database on PostgreSQL).
  config.push.keys = await vapidKeysFor(config, db.dialect, db.kysely);
  const transport = createMailTransport({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log });
  const jobs = await registerJobs(app, { config, db, transport, mailer, options: jobsOptions });
  const mail = mailer ?? queuedMailer(jobs);
  // FEDERATION=on only (Fedify is imported there): a worker delivers what the web instances queue.
  // Made before federation: a follow request from another server notifies the member like a local one.
  const notifications = createNotificationsService(db, { onEmailDue: emailDueSignal(jobs, app.log), onPushDue: pushDueSignal(jobs, app.log) });
  const federation = config.federation ? await registerFederation(app, { config, db, jobs, notifications, limits, testing: federationTesting }) : undefined;
  const registration = registrationSettings(db.kysely, config.registration);
  const auth = createAuthService({ db, mailer: mail, publicUrl: config.publicUrl, jwtSecret: config.jwtSecret, log: app.log, limits, registration });
  app.decorateRequest('actor', null);
  app.decorateRequest('accessToken', null);
  const tokens = createTokensService(db);
  app.addHook('onRoute', routeConventions(accessGuards(auth, tokens, limits)));
  if (documentedStatusesOnly) app.addHook('onSend', onlyDocumentedStatuses);
  app.addHook('onSend', apiNoStore);
  // Old links keep working: renamed members, games folded into others.
  const movedNames = [formerUsernames(db), formerGameSlugs(db.kysely)];
  registerMovedReads(app, movedNames);

  app.addHook('onClose', async () => {
    await db.destroy();
  });
  // Added after the hook above, so it runs before it (last added, first run): the channel still announces through the pool.
  app.addHook('onClose', async () => {
    stopHearingCatalogLoad();
    await changes.close();
    limits.close();
  });

  // The health checks ask the database on a connection of their own, never queued behind requests.
  const health = healthDatabase(db);
  app.addHook('onClose', () => health.close());
  await app.register(healthRoutes(health.db, { version: VERSION, commit: VGL_COMMIT }));
  if (config.role === 'worker') {
    // A worker works jobs and answers its health checks (and /metrics); no pages, no API.
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ error: 'not_found', message: `Route ${request.method}:${request.url.split('?')[0]} not found (VGL_ROLE=worker)`, statusCode: 404 }),
    );
    return app;
  }
  await app.register(authRoutes(auth));
  await app.register(registrationRoutes(createRegistrationService({ db, settings: registration, mailer: mail, publicUrl: config.publicUrl })));
  await app.register(profileRoutes());
  await app.register(tokensRoutes(tokens));
  const uploadsDir = path.join(config.dataDir, 'uploads');
  const avatarsDir = path.join(uploadsDir, 'avatars');
  const avatars = avatarStore(db, avatarsDir);
  app.addHook('onReady', async () => void (await avatars.importFiles(app.log)));
  await registerAvatarFiles(app, { avatars, filesDir: avatarsDir });
  await app.register(settingsRoutes(createSettingsService({ db, avatars, onAccountDeletion: federation?.accountDeletion })));
  const activity = createActivityService(db);
  const onReviewText: ReviewTextHook = (conn, review) => notifications.notifyReviewMentions(conn, review);
  const library = createLibraryService(db, activity, Date.now, onReviewText, federation?.entryChanged);
  const social = { library, activity, notifications, limits };
  const catalog = createCatalogService(db, library);
  await app.register(catalogRoutes(catalog));
  // The search's word list (typo corrections) is built by the first search, not at start-up: building it took
  // ~0.7 s of CPU right after each start and it holds ~30 MB, which an instance nobody searches does not need.
  // Where other instances' writes are heard, the feed is kept until one is (with a long backstop).
  const homeKeepMs = changes.shared ? SOCIAL_TTL_MS.heard : undefined;
  const home = createHomeService({ catalog, library, communityUrl: config.communityUrl, steamImport: config.steam !== undefined, federation: config.federation, keepMs: homeKeepMs });
  await app.register(homeRoutes(home));
  changes.onWrite(() => home.invalidate());
  changes.onCatalogChange(() => {
    catalog.catalogChanged();
    home.catalogChanged();
  });
  await app.register(libraryRoutes(library));
  await app.register(playsRoutes(createPlaysService({ db, activity, now: Date.now, ownerFor: library.ownerFor, onReviewText, onEntryWritten: federation?.entryChanged })));
  // A member runs one import at a time, from a file or from Steam.
  const importGate = createImportGate();
  await app.register(libraryTransferRoutes(library, db, importGate));
  await app.register(steamImportRoutes({ library, db, gate: importGate, steam: config.steam }));
  await app.register(likesRoutes(createLikesService(db, social)));
  const comments = createCommentsService(db, social);
  await app.register(commentsRoutes(comments));
  await app.register(remoteInteractionsRoutes(createRemoteInteractionsService(db, comments)));
  await app.register(listsRoutes(createListsService(db, { ...social, onListWritten: federation?.listChanged })));
  await app.register(statsRoutes(db, library));
  await app.register(followsRoutes(createFollowsService(db, social)));
  await app.register(audienceRoutes(createAudienceService(db, { ...social, onPrivacyChanged: federation?.memberChanged })));
  await app.register(remoteFollowersRoutes(createRemoteFollowersService(db, { answers: federation?.answers, log: app.log })));
  await app.register(accountBlocksRoutes(createAccountBlocksService(db, { answers: federation?.answers, undoFollow: federation?.following.sendUndo, log: app.log })));
  // Following accounts elsewhere needs Fedify (a lookup, a signed Follow): FEDERATION=on only.
  if (federation) await app.register(followingRoutes(federation.following, federation.replies));
  await app.register(peopleRoutes(createPeopleService(db)));
  await app.register(friendsRoutes(db));
  await app.register(onboardingRoutes(createOnboardingService(db)));
  await app.register(notificationsRoutes(notifications));
  await app.register(releasesRoutes(createReleasesService({ db, library, publicUrl: config.publicUrl })));
  await app.register(memberPlatformsRoutes(createMemberPlatformsService(db)));
  await app.register(shareRoutes(createShareService(db, config.publicUrl)));
  await app.register(notificationSettingsRoutes(createNotificationSettingsService(db, config.jwtSecret)));
  await app.register(pushRoutes(createPushService(db, config.push.keys.publicKey)));
  await app.register(activityRoutes(activity));
  const mailQueue = { failed: (limit: number) => failedMail(jobs, limit), retry: (id: string) => retryMail(jobs, id) };
  // A moderator's removal, hiding or suspension reaches other servers too (federation: Delete of what was sent).
  const moderated = { onReviewModerated: federation?.entryChanged, onListModerated: federation?.listChanged, onMemberModerated: federation?.memberChanged };
  const federationOrigin = config.federation ? config.publicUrl : null;
  const admin = createAdminService(db, { notifications, onFeaturedChange: () => home.invalidate(), mail: mailQueue, federationOrigin, ...moderated });
  await app.register(adminRoutes(admin));
  await app.register(adminInstancesRoutes(createInstanceRulesService(db, { ownHost: new URL(config.publicUrl).hostname })));
  await app.register(adminAccountSuspensionsRoutes(createAccountSuspensionsService(db)));
  await app.register(reportsRoutes(createReportsService(db, { notifications, admin, limits, ...moderated })));
  await app.register(catalogAdminRoutes(createCatalogAdminService({ db, igdb: config.igdb, wikidata: config.wikidata, log: app.log })));
  await app.register(submissionsRoutes(createSubmissionsService(db, { catalog, notifications })));

  await registerSitemap(app, { db, publicUrl: config.publicUrl });
  await registerSpa(app, {
    webRoot,
    uploadsDir,
    publicUrl: config.publicUrl,
    pageMeta: createPageMeta(db, library),
    movedPage: movedPages(movedNames),
    pages: responseCache.pages,
    sitemapUrl: `${config.publicUrl}/sitemap.xml`,
  });
  return app;
}
