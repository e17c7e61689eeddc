import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds, type TestDatabase } from './test/databases.js';
import { freePort } from './test/free-port.js';

const MAIN = path.resolve(import.meta.dirname, 'main.ts');
const METRICS_TOKEN = 'log-test-metrics-token-0123456789';


interface LogLine {
  level: number;
  time: number;
  msg: string;
  [field: string]: unknown;
}

/*
 * The server process as `npm start` runs it (main.ts, here through tsx), its
 * stdout and stderr piped as a service manager or a container runtime does:
 * every line it writes, from the first start-up line to the last at
 * shutdown, must be one JSON object a log collector can parse.
 */
describe.each(dbKinds)('the server’s log on %s', (kind) => {
  let database: TestDatabase;
  let child: ChildProcess;
  let url: string;
  const output: { stream: 'stdout' | 'stderr'; text: string }[] = [];
  const lines = () =>
    output
      .flatMap(({ stream, text }) => text.split('\n').map((line) => ({ stream, line })))
      .filter(({ line }) => line !== '');
  const parsed = () => lines().map(({ line }) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.config.kind === 'postgres' ? database.config.url : '',
        LOG_LEVEL: 'info',
        ACCESS_LOG: 'on',
        METRICS_TOKEN,
        WIKIDATA_SYNC: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Kept as chunks: a line may arrive in two.
    child.stdout!.on('data', (chunk: Buffer) => output.push({ stream: 'stdout', text: chunk.toString() }));
    child.stderr!.on('data', (chunk: Buffer) => output.push({ stream: 'stderr', text: chunk.toString() }));
    const deadline = Date.now() + 110_000;
    while (!output.map((o) => o.text).join('').includes('"msg":"VGL is ready"')) {
      if (child.exitCode !== null) throw new Error(`The server exited early:\n${output.map((o) => o.text).join('')}`);
      if (Date.now() > deadline) throw new Error(`The server did not say it was ready:\n${output.map((o) => o.text).join('').slice(-4000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await database.drop();
  });

  it('says it is ready in a JSON line with its URL', () => {
    const ready = parsed().find((line) => line.msg === 'VGL is ready');
    expect(ready).toMatchObject({ level: 30, url, role: 'all', database: kind === 'sqlite' ? path.join(database.dataDir, 'vgl.sqlite') : 'PostgreSQL' });
    // The catalog's loading is told in JSON lines too, when no terminal shows a bar.
    expect(parsed().some((line) => /^Loaded \d+ games into the catalog/.test(line.msg))).toBe(true);
    expect(parsed().some((line) => line.msg.startsWith('Loading the game catalog: 100%'))).toBe(true);
  });

  it('writes nothing but JSON lines while it serves and as it stops, access lines with the client and request id', async () => {
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect((await fetch(`${url}/api/no-such-thing`)).status).toBe(404);
    expect((await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"identifier":' })).status).toBe(400);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    for (const { stream, line } of lines()) {
      let value: unknown;
      expect(() => (value = JSON.parse(line)), `${stream}: ${line}`).not.toThrow();
      expect(value, `${stream}: ${line}`).toMatchObject({ level: expect.any(Number), time: expect.any(Number), pid: child.pid, msg: expect.any(String) });
    }
    const health = parsed().find((line) => line.msg === 'request completed' && line.url === '/api/health');
    expect(health).toMatchObject({ method: 'GET', statusCode: 200, client: '127.0.0.1', reqId: expect.any(String) });
    expect(parsed().some((line) => line.msg === 'shutting down' && line.signal === 'SIGTERM')).toBe(true);
  });
});
