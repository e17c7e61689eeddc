import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Three projects, run in this order by `npm test`:
 * - unit: shared logic, and the repo's own checks (scripts/*.test.ts: the docs); web: the web app's stores and components (happy-dom)
 * - server: the API over app.inject on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set
 * - browser: the built app in Debian's Chromium through playwright-core
 */
export default defineConfig({
  test: {
    // No test reaches for the real Wikidata (servers and CLIs they start inherit this); a test that syncs turns it on against a double.
    env: { WIKIDATA_SYNC: 'off' },
    reporters: ['default', './scripts/vitest-summary-reporter.ts'],
    // Vitest's default is one worker less than the cores: on CI's two cores, one file at a time (~33 min). Much of a
    // file's time is waiting (servers starting, Chromium drawing, fakes' latency), so two workers share the two
    // cores well; the browser files run two at a time too, each with its own server and data directory.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'scripts/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // expect.poll waits for what another process or the job queue does: 1 s (Vitest's default) was
          // too short with two test files at a time on two cores.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // Each file starts the production server, which loads the 52k-game seed first.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page's first load also installs the service worker, which fetches the whole app: under load the
          // first title took over 1 s (Vitest's default for expect.poll).
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
