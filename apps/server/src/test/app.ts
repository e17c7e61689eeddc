import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../app.js';
import type { JobsOptions } from '../modules/jobs/jobs.app.js';
import type { FederationTestOptions } from '../modules/federation/federation.app.js';
import type { LoadSignals } from '../http/fairness/index.js';
import { loadConfig, type Config } from '../config.js';
import { createDb, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createTestDatabase, type DbKind } from './databases.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The SMTP sink the app sends to, when asked for one. */
  smtp: SmtpSink | undefined;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** A stand-in for apps/web/dist, so server tests never depend on a web build. */
  webRoot?: string;
  env?: Record<string, string>;
  /** Send mail over real SMTP to a sink on 127.0.0.1. */
  smtp?: boolean;
  rateLimits?: boolean;
  /** Load shedding's signals (off unless given: a test machine may be slow at any moment). */
  loadSignals?: LoadSignals;
  requestTimeoutMs?: number;
  /** Background jobs: by default workers look for jobs every 0.5 s and the IGDB and Wikidata syncs' first runs wait an hour. */
  jobs?: JobsOptions;
  /** The app's logger (default: none, or errors with TEST_LOG=1); a test that reads the log lines passes its own stream. */
  logger?: FastifyServerOptions['logger'];
  /** FEDERATION=on against a fake remote on 127.0.0.1 (modules/federation tests). */
  federation?: FederationTestOptions;
}

/** Writes a minimal built SPA (index.html with the head marker, one hashed asset) into dir. */
export function writeFakeWebRoot(dir: string): string {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Track Your Gaming Journey</title>\n<!--vgl:head-->\n</head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  // The service worker as the build leaves it: plain and precompressed (scripts/precompress.mjs).
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(dir, 'sw.js.br'), zlib.brotliCompressSync('self.addEventListener("fetch", () => {});'));
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"VGL"}');
  return dir;
}

/** The production app (same buildApp) on a fresh migrated database of the given kind. */
export async function createTestApp(kind: DbKind, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const smtp = options.smtp ? await startSmtpSink() : undefined;
  const { app, db, config } = await startApp(database.config, database.dataDir, { ...options, env: { ...(smtp ? { SMTP_URL: smtp.url } : {}), ...options.env } });
  return {
    app,
    db,
    config,
    smtp,
    close: async () => {
      await app.close();
      await smtp?.close();
      await database.drop();
    },
  };
}

/**
 * A second instance on the database of `first` (as when several VGL
 * processes share one PostgreSQL), with a DATA_DIR of its own unless
 * `dataDir` is given. Closing it leaves the database to `first`.
 */
export async function openAnotherApp(first: TestApp, options: TestAppOptions & { dataDir?: string } = {}): Promise<TestApp> {
  const ownDir = options.dataDir ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-test-'));
  const { app, db, config } = await startApp(first.config.database, options.dataDir ?? ownDir!, options);
  return {
    app,
    db,
    config,
    smtp: undefined,
    close: async () => {
      await app.close();
      if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
    },
  };
}

async function startApp(database: Config['database'], dataDir: string, options: TestAppOptions) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://vgl.test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    // Tests never reach for the real Wikidata: a test that syncs points WIKIDATA_SPARQL_URL at a double and turns it on.
    WIKIDATA_SYNC: 'off',
    ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  // The SQLite file stays where the first instance made it, whatever this one's DATA_DIR.
  if (database.kind === 'sqlite') config.database = database;
  const db = createDb(config.database);
  await migrateToLatest(db);
  const webRoot = options.webRoot ?? writeFakeWebRoot(path.join(dataDir, 'web'));
  const jobs: JobsOptions = { pollSeconds: 0.5, igdbSchedule: { firstRunDelayMs: 3_600_000 }, wikidataSchedule: { firstRunDelayMs: 3_600_000 }, ...options.jobs };
  const app = await buildApp({ config, db, webRoot, logger: options.logger ?? (process.env.TEST_LOG ? { level: 'error' } : false), rateLimits: options.rateLimits ?? false, documentedStatusesOnly: true, requestTimeoutMs: options.requestTimeoutMs, loadSignals: options.loadSignals ?? false, jobs, federation: options.federation });
  return { app, db, config };
}
