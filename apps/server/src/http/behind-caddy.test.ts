import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_MESSAGES } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../test/databases.js';
import { CLIENT_ADDRESS, FORGED_CLIENT, PROXY_ADDRESS, SITE_HOST, freePort, request, startInstances, waitForPort, within, type Instances } from '../test/behind-proxy.js';

/*
 * examples/deploy/Caddyfile, run by a real Caddy in front of two instances on
 * one database. Used as written but for what names this machine: plain HTTP
 * on a free port instead of a certificate for vgl.example.com, the
 * instances' ports, the log's path, and global options that keep Caddy's
 * state in the test's folder with no admin endpoint (two suites may run at
 * once). Each replacement must find its text. .ci/run installs Debian's Caddy.
 */

const DEPLOY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../examples/deploy');
const CADDY = ['/usr/bin/caddy', '/usr/local/bin/caddy'].find((file) => fs.existsSync(file));
if (!CADDY) console.warn('\n  SKIPPED behind-caddy.test.ts: caddy is not installed (apt-get install caddy); .ci/run installs it.\n');

function caddyfileForTest(dir: string, port: number, instances: [number, number]): string {
  let text = fs.readFileSync(path.join(DEPLOY, 'Caddyfile'), 'utf8');
  const replace = (from: string, to: string) => {
    if (!text.includes(from)) throw new Error(`examples/deploy/Caddyfile no longer has "${from}": update behind-caddy.test.ts`);
    text = text.replaceAll(from, to);
  };
  replace(`${SITE_HOST} {`, `http://${SITE_HOST} {\n\tbind ${PROXY_ADDRESS}`);
  replace('reverse_proxy 127.0.0.1:3001 127.0.0.1:3002 {', `reverse_proxy 127.0.0.1:${instances[0]} 127.0.0.1:${instances[1]} {`);
  replace('/var/log/caddy/vgl.access.log', path.join(dir, 'access.log'));
  return `{\n\tadmin off\n\thttp_port ${port}\n\tauto_https off\n\tstorage file_system ${path.join(dir, 'storage')}\n}\n\n${text}`;
}

describe.skipIf(!CADDY).each(dbKinds)('examples/deploy/Caddyfile in front of two instances (%s)', (kind) => {
  let dir: string;
  let instances: Instances;
  let caddy: ChildProcess;
  let caddyOutput = '';
  let site: string;
  let direct: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-caddy-'));
    instances = await startInstances(kind);
    const port = await freePort();
    fs.writeFileSync(path.join(dir, 'Caddyfile'), caddyfileForTest(dir, port, instances.ports));
    caddy = spawn(CADDY!, ['run', '--adapter', 'caddyfile', '--config', path.join(dir, 'Caddyfile')], {
      env: { ...process.env, HOME: dir, XDG_CONFIG_HOME: path.join(dir, 'config'), XDG_DATA_HOME: path.join(dir, 'data') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout!.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
    caddy.stderr!.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
    await waitForPort(port, () => caddyOutput);
    site = `http://${PROXY_ADDRESS}:${port}`;
    direct = `http://${PROXY_ADDRESS}:${instances.ports[0]}`;
  });

  afterAll(async () => {
    caddy?.kill('SIGTERM');
    if (caddy && caddy.exitCode === null) await new Promise((resolve) => caddy.once('exit', resolve));
    await instances?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const accessLog = () =>
    fs
      .readFileSync(path.join(dir, 'access.log'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { request: { remote_ip: string; uri: string }; status: number; resp_headers: Record<string, string[]> });

  it('serves pages and the API, compressed and cached as the app says', async () => {
    const page = await request(`${site}/`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(JSON.parse((await request(`${site}/api/health`)).body)).toMatchObject({ status: 'ok' });

    const asset = await request(`${site}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    const assetDirect = await request(`${direct}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toBe(assetDirect.headers['cache-control']);
  });

  it("logs the real client and Caddy's request id, whatever the client claims", async () => {
    const answer = await request(`${site}/api/home`, { headers: { 'x-forwarded-for': FORGED_CLIENT, 'x-request-id': 'forged-id' } });
    expect(answer.status).toBe(200);
    const requestId = String(answer.headers['x-request-id']);
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(instances.completed(requestId)).toMatchObject({ client: CLIENT_ADDRESS, statusCode: 200 });
    // Caddy writes its log line as the answer goes out: give it a moment.
    await waitFor(() => accessLog().some((line) => line.resp_headers['X-Request-Id']?.[0] === requestId));
    expect(accessLog().find((line) => line.resp_headers['X-Request-Id']?.[0] === requestId)).toMatchObject({ request: { remote_ip: CLIENT_ADDRESS, uri: '/api/home' }, status: 200 });
  });

  it("passes on the app's 413 for a body too large for its route", async () => {
    const tooLarge = await request(`${site}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024), password: 'x' }) });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toEqual({ error: 'payload_too_large', message: API_MESSAGES.payloadTooLarge, statusCode: 413 });
    expect(instances.completed(String(tooLarge.headers['x-request-id']))).toMatchObject({ statusCode: 413, client: CLIENT_ADDRESS });
  });

  it('answers health checks through Caddy', async () => {
    expect((await request(`${site}/api/health/ready`)).status).toBe(200);
  });

  // Each step has its own deadline (as behind-nginx.test.ts): a hang says where it was.
  it('keeps serving when one instance stops, and answers 503 with Retry-After when none is left', { timeout: 90_000 }, async () => {
    await within(20_000, 'closing the first instance', instances.first.app.close());
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await request(`${site}/api/health`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);

    await within(20_000, 'closing the second instance', instances.second.app.close());
    const none = await request(`${site}/api/health`);
    expect(none.status).toBe(503);
    expect(none.headers['retry-after']).toBe('5');
    expect(JSON.parse(none.body)).toMatchObject({ error: 'service_unavailable', statusCode: 503 });
  });
});

async function waitFor(check: () => boolean): Promise<void> {
  for (let tries = 0; tries < 100 && !check(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
}
