import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_MESSAGES } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../test/databases.js';
import { CLIENT_ADDRESS, FORGED_CLIENT, PROXY_ADDRESS, SITE_HOST as HOST, freePort, request, startInstances, waitForPort, within, type Instances } from '../test/behind-proxy.js';

/*
 * examples/deploy/nginx.conf and vgl-proxy.conf, run by a real nginx in front
 * of two instances on one database. The example is used as written; only
 * what names this machine is replaced (ports, certificate, log and snippet
 * paths), and each replacement must find its text, so a changed example
 * fails here until the test follows it. .ci/run installs Debian's nginx.
 */

const DEPLOY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../examples/deploy');
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((file) => fs.existsSync(file));
const OPENSSL = ['/usr/bin/openssl', '/usr/local/bin/openssl'].find((file) => fs.existsSync(file));
const missing = !NGINX ? 'nginx is not installed (apt-get install nginx-light)' : !OPENSSL ? 'openssl is not installed (it makes the test certificate)' : '';
if (missing) console.warn(`\n  SKIPPED behind-nginx.test.ts: ${missing}; .ci/run installs it.\n`);

/** The example site with this machine's ports and paths in place of the production ones. */
function siteForTest(dir: string, ports: { http: number; https: number; instances: number[] }): string {
  let site = fs.readFileSync(path.join(DEPLOY, 'nginx.conf'), 'utf8');
  const replace = (from: string, to: string) => {
    if (!site.includes(from)) throw new Error(`examples/deploy/nginx.conf no longer has "${from}": update behind-nginx.test.ts`);
    site = site.replaceAll(from, to);
  };
  replace('listen [::]:80;\n', '');
  replace('listen [::]:443 ssl http2;\n', '');
  replace('listen 80;', `listen ${PROXY_ADDRESS}:${ports.http};`);
  replace('listen 443 ssl http2;', `listen ${PROXY_ADDRESS}:${ports.https} ssl http2;`);
  replace('/etc/letsencrypt/live/vgl.example.com/fullchain.pem', path.join(dir, 'cert.pem'));
  replace('/etc/letsencrypt/live/vgl.example.com/privkey.pem', path.join(dir, 'key.pem'));
  replace('/var/log/nginx/vgl.access.log', path.join(dir, 'access.log'));
  replace('/etc/nginx/snippets/vgl-proxy.conf', path.join(DEPLOY, 'vgl-proxy.conf'));
  replace('server 127.0.0.1:3001 ', `server 127.0.0.1:${ports.instances[0]} `);
  replace('server 127.0.0.1:3002 ', `server 127.0.0.1:${ports.instances[1]} `);
  return site;
}

async function startNginx(dir: string, site: string, port: number): Promise<ChildProcess> {
  fs.writeFileSync(path.join(dir, 'vgl.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${path.join(dir, kind)};`).join('\n  ');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;\npid ${path.join(dir, 'nginx.pid')};\nevents { worker_connections 256; }\nhttp {\n  ${temp}\n  include ${path.join(dir, 'vgl.conf')};\n}\n`,
  );
  // Run as root, nginx's workers drop to `nobody`: they must reach the temp folders for request bodies.
  fs.chmodSync(dir, 0o755);
  const errorLog = path.join(dir, 'error.log');
  execFileSync(NGINX!, ['-t', '-q', '-p', dir, '-e', errorLog, '-c', path.join(dir, 'nginx.conf')], { stdio: 'pipe' });
  const child = spawn(NGINX!, ['-p', dir, '-e', errorLog, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  await waitForPort(port, () => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : 'nginx wrote no error log'));
  return child;
}

describe.skipIf(Boolean(missing)).each(dbKinds)('examples/deploy/nginx.conf in front of two instances (%s)', (kind) => {
  let dir: string;
  let instances: Instances;
  let nginx: ChildProcess;
  let site: string;
  let plain: string;
  let direct: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-nginx-'));
    instances = await startInstances(kind);
    execFileSync(OPENSSL!, ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', `/CN=${HOST}`, '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'pipe' });
    const ports = { http: await freePort(), https: await freePort(), instances: instances.ports };
    nginx = await startNginx(dir, siteForTest(dir, ports), ports.https);
    site = `https://${PROXY_ADDRESS}:${ports.https}`;
    plain = `http://${PROXY_ADDRESS}:${ports.http}`;
    direct = `http://${PROXY_ADDRESS}:${instances.ports[0]}`;
  });

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    if (nginx && nginx.exitCode === null) await new Promise((resolve) => nginx.once('exit', resolve));
    await instances?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const completed = (requestId: string) => instances.completed(requestId);
  const accessLog = () => fs.readFileSync(path.join(dir, 'access.log'), 'utf8');

  it('sends plain HTTP to https', async () => {
    const answer = await request(`${plain}/games?q=zelda`);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://${HOST}/games?q=zelda`);
  });

  it('serves pages and the API, with the caching headers the app set', async () => {
    const page = await request(`${site}/`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root">');

    const api = await request(`${site}/api/health`);
    expect(api.status).toBe(200);
    expect(JSON.parse(api.body)).toMatchObject({ status: 'ok' });

    // Compressed by the app (nginx's gzip is off), cached as the app says.
    const asset = await request(`${site}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    const assetDirect = await request(`${direct}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toBe(assetDirect.headers['cache-control']);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it("logs the real client and nginx's request id, whatever the client claims", async () => {
    const answer = await request(`${site}/api/health/live`, { headers: { 'x-forwarded-for': FORGED_CLIENT, 'x-request-id': 'forged-id' } });
    expect(answer.status).toBe(200);
    const requestId = String(answer.headers['x-request-id']);
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(completed(requestId)).toMatchObject({ client: CLIENT_ADDRESS, statusCode: 200 });

    const api = await request(`${site}/api/home`, { headers: { 'x-forwarded-for': FORGED_CLIENT } });
    expect(api.status).toBe(200);
    const apiId = String(api.headers['x-request-id']);
    expect(completed(apiId)).toMatchObject({ client: CLIENT_ADDRESS });
    expect(accessLog()).toMatch(new RegExp(`^${CLIENT_ADDRESS.replaceAll('.', '\\.')} .*"GET /api/home HTTP/[\\d.]+" 200 .*request_id=${apiId} `, 'm'));
  });

  it('believes X-Forwarded-For and X-Request-Id only from nginx', async () => {
    const answer = await request(`${direct}/api/health/live`, { headers: { 'x-forwarded-for': FORGED_CLIENT, 'x-request-id': 'forged-id' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-request-id']).not.toBe('forged-id');
    expect(completed(String(answer.headers['x-request-id']))).toMatchObject({ client: CLIENT_ADDRESS });
  });

  it("refuses a body too large for its route with the app's own answer, before it reaches an instance", async () => {
    const expected = { error: 'payload_too_large', message: API_MESSAGES.payloadTooLarge, statusCode: 413 };
    const login = (base: string, emailLength: number) =>
      request(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'x'.repeat(emailLength), password: 'x' }) });

    const fromApp = await login(direct, 2 * 1024 * 1024);
    expect(fromApp.status).toBe(413);
    expect(JSON.parse(fromApp.body)).toEqual(expected);
    const fromNginx = await login(site, 2 * 1024 * 1024);
    expect(fromNginx.status).toBe(413);
    expect(fromNginx.headers['content-type']).toBe('application/json');
    expect(JSON.parse(fromNginx.body)).toEqual(expected);
    // nginx's limit is not tighter than the app's: a body just under 1 MiB reaches the app, which judges it.
    expect((await login(site, 1024 * 1024 - 100)).status).toBe(400);

    // The import takes up to 64 MB: a 2 MB file reaches the app (which wants a token), 70 MB does not.
    const importUrl = `${site}/api/users/someone/library/import`;
    expect((await request(importUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.alloc(2 * 1024 * 1024, 32) })).status).toBe(401);
    const tooLarge = await request(importUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(70 * 1024 * 1024) }, body: '{"file":"' });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toEqual(expected);
  });

  it('answers health checks through nginx and keeps them out of its access log', async () => {
    const ready = await request(`${site}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(accessLog()).not.toContain('/api/health/ready');
  });

  // Each step has its own deadline: on a loaded CI machine one step once ran past the whole test's 30 s unnamed.
  it('keeps serving when one instance stops, and answers 503 with Retry-After when none is left', { timeout: 90_000 }, async () => {
    await within(20_000, 'closing the first instance', instances.first.app.close());
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await request(`${site}/api/health`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const page = await request(`${site}/games`);
    expect(page.status).toBe(200);

    await within(20_000, 'closing the second instance', instances.second.app.close());
    const none = await request(`${site}/api/health`);
    expect(none.status).toBe(503);
    expect(none.headers['retry-after']).toBe('5');
    expect(JSON.parse(none.body)).toMatchObject({ error: 'service_unavailable', statusCode: 503 });
  });
});
