// The app in a child process of a benchmark, so its memory is measured alone:
// `serveForked(dir, secret)` runs in the child (started with
// `fork(script, ['serve', dir])`), `ask(child, message, key)` in the parent.
// The child answers 'reset' (GC, then peak RSS = current) and 'peak'
// ({ baseline, peak }), and stops on 'stop'. Shared by bench:export and
// bench:import.
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { createDb } from '../../apps/server/dist/db/database.js';

export async function serveForked(dir, secret) {
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', JWT_SECRET: secret });
  const app = await buildApp({ config, db: createDb(config.database), logger: false, rateLimits: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  let baseline = process.memoryUsage.rss();
  let peak = baseline;
  setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5).unref();
  process.on('message', (message) => {
    if (message === 'reset') {
      globalThis.gc?.();
      baseline = peak = process.memoryUsage.rss();
      process.send({ reset: true });
    } else if (message === 'peak') process.send({ baseline, peak });
    else if (message === 'stop') app.close().then(() => process.exit(0));
  });
  process.send({ port: app.server.address().port });
}

/** Sends a message to the forked server and waits for the answer carrying `key`; fails if the server dies first. */
export function ask(child, message, key) {
  return new Promise((resolve, reject) => {
    const onExit = (code) => reject(new Error(`the server exited (${code}) while waiting for ${key}`));
    const onMessage = (answer) => {
      if (key in answer) {
        child.off('message', onMessage).off('exit', onExit);
        resolve(answer);
      }
    };
    child.on('message', onMessage).once('exit', onExit);
    if (message) child.send(message);
  });
}
