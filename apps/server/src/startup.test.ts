import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDb } from './db/database.js';
import { countGames } from './modules/catalog/catalog.import.js';
import { prepareInstance, type StartupReport } from './startup.js';
import { writeFakeWebRoot } from './test/app.js';
import { createTestDatabase, type TestDatabase } from './test/databases.js';

/*
 * Several instances on one PostgreSQL database (issue 21): started together on
 * an empty database, they take turns at the start-up work, so none crashes on
 * a duplicate key and the catalog is loaded once.
 */

const SEED = Array.from({ length: 30 }, (_, i) => ({ name: `Game ${i + 1}`, slug: `game-${i + 1}`, year: 1980 + i, platforms: ['nes'], publishers: [`Studio ${i % 7}`] }));
/** Rounds of four concurrent starts; STARTUP_RACE_ROUNDS=10 for the measurement. */
const ROUNDS = Number(process.env.STARTUP_RACE_ROUNDS ?? 2);
const SECRET = 'startup-secret-startup-secret-0123456789';

interface Instance {
  app: FastifyInstance;
  report: StartupReport;
}

async function startInstance(database: TestDatabase, dataDir: string, seedFile: string, env: Record<string, string> = { JWT_SECRET: SECRET }): Promise<Instance> {
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: database.config.kind === 'postgres' ? database.config.url : '', LOG_LEVEL: 'silent', DB_POOL_MAX: '3', ...env });
  const db = createDb(config.database);
  try {
    const report = await prepareInstance(config, db, { seedFile });
    const app = await buildApp({ config, db, webRoot: writeFakeWebRoot(path.join(dataDir, 'web')), logger: false, rateLimits: false, documentedStatusesOnly: true });
    await app.ready();
    return { app, report };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('instances starting together on one PostgreSQL database', () => {
  const made: TestDatabase[] = [];
  const fresh = async () => {
    const database = await createTestDatabase('postgres');
    made.push(database);
    const seedFile = path.join(database.dataDir, 'seed.jsonl');
    fs.writeFileSync(seedFile, SEED.map((g) => JSON.stringify(g)).join('\n'));
    const dir = (name: string) => {
      const where = path.join(database.dataDir, name);
      fs.mkdirSync(where, { recursive: true });
      return where;
    };
    return { database, seedFile, dir };
  };
  afterAll(async () => {
    await Promise.all(made.map((d) => d.drop()));
  });

  it(`all four start on an empty database and the catalog is loaded once (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { database, seedFile, dir } = await fresh();
      const results = await Promise.allSettled([1, 2, 3, 4].map((n) => startInstance(database, dir(`instance-${n}`), seedFile)));
      const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      try {
        expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
        // One instance loaded the catalog; the others found it loaded.
        expect(started.map((i) => i.report.seeded.games).sort()).toEqual([0, 0, 0, SEED.length]);
        expect(started.filter((i) => i.report.migrated.applied.length > 0)).toHaveLength(1);
        const db = createDb(database.config);
        expect(await countGames(db)).toBe(SEED.length);
        await db.destroy();
        for (const instance of started) {
          const ready = await instance.app.inject({ method: 'GET', url: '/api/health/ready' });
          expect(ready.statusCode, ready.body).toBe(200);
        }
      } finally {
        await Promise.all(started.map((i) => i.app.close()));
      }
    }
  }, 120_000);

  describe('the signing secret', () => {
    /** prepareInstance alone, as main.ts runs it before serving. */
    const prepare = async (database: TestDatabase, dataDir: string, seedFile: string, env: Record<string, string> = {}) => {
      const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: database.config.kind === 'postgres' ? database.config.url : '', ...env });
      const db = createDb(config.database);
      try {
        await prepareInstance(config, db, { seedFile });
        return config.jwtSecret;
      } finally {
        await db.destroy();
      }
    };

    it('lets one instance start on PostgreSQL without JWT_SECRET, and the instances sharing its DATA_DIR', async () => {
      const { database, seedFile, dir } = await fresh();
      const first = await prepare(database, dir('shared'), seedFile);
      expect(await prepare(database, dir('shared'), seedFile)).toBe(first);
    });

    it('refuses a second instance whose generated secret differs, telling the operator to set JWT_SECRET', async () => {
      const { database, seedFile, dir } = await fresh();
      await prepare(database, dir('one'), seedFile);
      const refused = prepare(database, dir('two'), seedFile);
      await expect(refused).rejects.toBeInstanceOf(ConfigError);
      await expect(refused).rejects.toThrow(/JWT_SECRET must be set: another instance .* generated itself.*same value .* on every instance/);
    });

    it('refuses an instance without JWT_SECRET where the others were given one; a configured secret always starts', async () => {
      const { database, seedFile, dir } = await fresh();
      await prepare(database, dir('one'), seedFile);
      await prepare(database, dir('two'), seedFile, { JWT_SECRET: SECRET });
      await expect(prepare(database, dir('three'), seedFile)).rejects.toThrow(/sign tokens with the JWT_SECRET they were given, and it is not set here/);
      // Never the secret, nor a hash of a configured one: only that one is configured.
      const db = createDb(database.config);
      const rows = await db.kysely.selectFrom('app_meta').select('value').execute();
      await db.destroy();
      expect(rows.map((r) => r.value).join('\n')).not.toContain(SECRET);
    });
  });
});
