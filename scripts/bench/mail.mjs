// npm run bench:mail [-- --pg <postgres-url>] [--instances 3] [--mails 40] [--rounds 3]
// A burst of mail: the built server (apps/server/dist/main.js), one instance on
// SQLite or --instances of them on one PostgreSQL database (--pg,
// BENCH_DATABASE_URL or TEST_DATABASE_URL), all sending to one SMTP sink on
// 127.0.0.1. This process puts --mails mail jobs in the queue at once, as a
// web instance does when many people ask for mail together, and prints how
// long the sink took to receive them all, and whether any arrived twice.
// Asserts nothing.
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { freshDatabase, ROOT, startServer } from './bench-server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined && !args[i + 1].startsWith('--') ? args[i + 1] : fallback;
};
const PG_URL = option('pg', process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
const INSTANCES = PG_URL ? Number(option('instances', 3)) : 1;
const MAILS = Number(option('mails', 40));
const ROUNDS = Number(option('rounds', 3));
const dist = (file) => import(pathToFileURL(path.join(ROOT, 'apps/server/dist', file)).href);
const { loadConfig } = await dist('config.js');
const { createDb } = await dist('db/database.js');
const { createJobQueue } = await dist('modules/jobs/jobs.js');
const { appQueues } = await dist('modules/jobs/jobs.app.js');
const { MAIL_JOB } = await dist('mail/mail.jobs.js');

/** Counts what arrives, by recipient (a second mail to one address is a duplicate). */
const received = [];
const sink = new SMTPServer({
  disableReverseLookup: true,
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), at: performance.now() });
      callback();
    });
  },
});
await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${sink.server.address().port}`;

const database = await freshDatabase(PG_URL, 'vgl_mail');
const env = { ...database.env, SMTP_URL: smtpUrl, JWT_SECRET: 'bench-mail-secret-0123456789abcdef0123' };
const servers = [];
const quiet = { info() {}, warn() {}, error() {}, debug() {}, child() { return quiet; } };
try {
  for (let i = 0; i < INSTANCES; i += 1) servers.push(await startServer(env));
  // A sender that works no jobs, as a web instance: the servers deliver.
  const db = createDb(loadConfig(env).database);
  const queue = createJobQueue(db, quiet, { queues: appQueues(), works: false });
  await queue.start();
  console.log(`${database.label}, ${INSTANCES} instance(s), ${MAILS} mails a burst (a busy shared machine: figures move ±20 %)`);
  for (let round = 1; round <= ROUNDS; round += 1) {
    const before = received.length;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: MAILS }, (_, i) =>
        queue.send(MAIL_JOB, { to: `burst${round}-${i}@example.com`, subject: 'Burst', text: 'A mail of a burst.', html: '<p>A mail of a burst.</p>', kind: 'test' }),
      ),
    );
    const queued = performance.now() - started;
    const deadline = Date.now() + 120_000;
    while (received.length - before < MAILS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const mine = received.slice(before);
    const all = mine.length ? mine.at(-1).at - started : NaN;
    const half = mine.length >= MAILS / 2 ? mine[Math.ceil(MAILS / 2) - 1].at - started : NaN;
    const duplicates = mine.length - new Set(mine.map((m) => m.to)).size;
    console.log(
      `round ${round}: queued in ${queued.toFixed(0)} ms; half received after ${(half / 1000).toFixed(2)} s, all ${mine.length} after ${(all / 1000).toFixed(2)} s; ${duplicates} duplicate(s)`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
  await queue.stop();
  await db.destroy();
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await new Promise((resolve) => sink.close(resolve));
  await database.drop();
}
