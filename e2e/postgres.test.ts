import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../apps/server/src/test/databases';
import { hasChromium, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// The same build, pointed at PostgreSQL by DATABASE_URL alone.
describe.skipIf(!hasChromium || !process.env.TEST_DATABASE_URL)('the app on PostgreSQL', () => {
  let database: TestDatabase;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    if (database.config.kind !== 'postgres') throw new Error('expected a PostgreSQL database');
    [server, browser] = await Promise.all([startServer({ DATABASE_URL: database.config.url }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.drop();
  });

  it('migrates at start and reports PostgreSQL in its health check', async () => {
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { database: string };
    expect(health.database).toBe('postgres');
  });

  it('serves the landing page', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.title()).toBe('Track Your Gaming Journey');
    await page.close();
  });
});
