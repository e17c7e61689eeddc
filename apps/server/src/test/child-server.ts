/**
 * The server in a process of its own, for tests that must see whether a
 * fault ends the process (an 'error' event nobody listens to, a rejection
 * nobody handles): what main.ts does, from the configuration in the
 * environment, with a small catalog (VGL_TEST_SEED) instead of the embedded
 * one (15 s to load) and no per-address limits (one test client sends
 * everything). Prints `listening <port>`; the logs are JSON on stdout.
 * Run with `node --import tsx`; see startChildServer.
 */
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDb } from '../db/database.js';
import { prepareInstance } from '../startup.js';

const config = loadConfig();
const db = createDb(config.database, { backgroundCheckpoints: true });
await prepareInstance(config, db, { seedFile: process.env.VGL_TEST_SEED });
const app = await buildApp({ config, db, rateLimits: false, webRoot: process.env.VGL_TEST_WEB_ROOT });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
