import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createTestDatabase, type DbKind, type TestDatabase } from '../../apps/server/src/test/databases';
import { seededTemplate } from './server';

/*
 * Test hosts with their own names, addresses and certificates: each VGL
 * instance runs in a Linux network namespace with examples/deploy's nginx in
 * front of it on port 443, with a certificate from a test CA that the
 * instances trust (NODE_EXTRA_CA_CERTS) and nothing else does. The hosts
 * reach each other over a bridge on 198.18.N.0/24 (RFC 2544's benchmarking
 * range: not one of the private ranges Fedify refuses to fetch, so the
 * instances run with production settings, https only, SSRF checks on). Each
 * namespace resolves the hosts' names through its own /etc/hosts
 * (/etc/netns/NAME/hosts, which `ip netns exec` mounts over /etc/hosts).
 * Needs root, iproute2, nginx and openssl: .ci/run has them.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
const CLI_ENTRY = path.join(ROOT, 'apps/server/dist/cli.js');
const DEPLOY = path.join(ROOT, 'examples/deploy');
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((file) => fs.existsSync(file));
const OPENSSL = ['/usr/bin/openssl', '/usr/local/bin/openssl'].find((file) => fs.existsSync(file));
const IP = ['/usr/sbin/ip', '/sbin/ip', '/usr/bin/ip'].find((file) => fs.existsSync(file));
const APP_PORT = 3001;

/** Why test hosts cannot be made here, or '' when they can. */
export function missingForHosts(): string {
  if (process.platform !== 'linux') return 'network namespaces are Linux only';
  if (process.getuid?.() !== 0) return 'making network namespaces needs root (CI runs as root)';
  if (!IP) return 'iproute2 is not installed';
  if (!NGINX) return 'nginx is not installed (apt-get install nginx-light)';
  if (!OPENSSL) return 'openssl is not installed';
  return '';
}

export interface TestHost {
  name: string;
  address: string;
  origin: string;
  kind: DbKind;
  /** Everything the instance wrote to stdout and stderr. */
  output(): string;
  /** nginx's access log of this host (examples/deploy's format). */
  accessLog(): string;
  /** Runs the server's CLI on this host's database (e.g. user:create). */
  cli(args: string[], input?: string): string;
  /** One request to the host over https, checked against the test CA, as another server would make it. */
  call<T = unknown>(method: string, route: string, options?: { token?: string; body?: unknown }): Promise<{ status: number; body: T }>;
}

export interface TestHosts {
  hosts: TestHost[];
  stop(): Promise<void>;
}

const run = (file: string, args: string[], input?: string) => execFileSync(file, args, { stdio: ['pipe', 'pipe', 'pipe'], input, encoding: 'utf8' });

function makeCertificates(dir: string, names: string[]): void {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  run(OPENSSL!, ['req', '-x509', ...ec, '-days', '1', '-subj', '/CN=VGL test CA', '-keyout', path.join(dir, 'ca.key'), '-out', path.join(dir, 'ca.pem'), '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  for (const name of names) {
    run(OPENSSL!, ['req', ...ec, '-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name}`, '-keyout', path.join(dir, `${name}.key`), '-out', path.join(dir, `${name}.csr`)]);
    run(OPENSSL!, ['x509', '-req', '-in', path.join(dir, `${name}.csr`), '-CA', path.join(dir, 'ca.pem'), '-CAkey', path.join(dir, 'ca.key'), '-CAcreateserial', '-days', '1', '-copy_extensions', 'copy', '-out', path.join(dir, `${name}.pem`)]);
  }
}

/** examples/deploy/nginx.conf for one host: its name, address and certificate, one instance behind it. */
function siteFor(dir: string, name: string, address: string): string {
  let site = fs.readFileSync(path.join(DEPLOY, 'nginx.conf'), 'utf8');
  const replace = (from: string, to: string) => {
    if (!site.includes(from)) throw new Error(`examples/deploy/nginx.conf no longer has "${from}": update e2e/support/hosts.ts`);
    site = site.replaceAll(from, to);
  };
  replace('listen [::]:80;\n', '');
  replace('listen [::]:443 ssl http2;\n', '');
  replace('listen 80;', `listen ${address}:80;`);
  replace('listen 443 ssl http2;', `listen ${address}:443 ssl http2;`);
  replace('server_name vgl.example.com;', `server_name ${name};`);
  replace('/etc/letsencrypt/live/vgl.example.com/fullchain.pem', path.join(dir, `${name}.pem`));
  replace('/etc/letsencrypt/live/vgl.example.com/privkey.pem', path.join(dir, `${name}.key`));
  replace('/var/log/nginx/vgl.access.log', path.join(dir, `${name}.access.log`));
  replace('/etc/nginx/snippets/vgl-proxy.conf', path.join(DEPLOY, 'vgl-proxy.conf'));
  replace('server 127.0.0.1:3001 ', `server 127.0.0.1:${APP_PORT} `);
  site = site.replace(/^\s*server 127\.0\.0\.1:3002 .*\n/m, '');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${path.join(dir, `${name}-${kind}`)};`).join('\n  ');
  return `worker_processes 1;\npid ${path.join(dir, `${name}.nginx.pid`)};\nevents { worker_connections 256; }\nhttp {\n  ${temp}\n${site}\n}\n`;
}

/** A PostgreSQL database the namespace can reach: through the server's Unix socket (its TCP port is on the host's loopback only). */
async function socketDatabase(database: TestDatabase): Promise<string> {
  if (database.config.kind !== 'postgres') throw new Error('not PostgreSQL');
  const client = new pg.Client({ connectionString: database.config.url });
  await client.connect();
  const dirs = (await client.query<{ unix_socket_directories: string }>('SHOW unix_socket_directories')).rows[0]!.unix_socket_directories;
  const port = (await client.query<{ port: string }>('SHOW port')).rows[0]!.port;
  await client.end();
  const socketDir = dirs.split(',')[0]!.trim();
  const url = new URL(database.config.url);
  return `postgresql://${url.username}@localhost${url.pathname}?host=${encodeURIComponent(socketDir)}&port=${port}`;
}

async function waitUntil(what: string, check: () => Promise<boolean>, log: () => string, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Starts one host per entry of `kinds` (its database's kind), named
 * one.vgl.test, two.vgl.test…, each federating (FEDERATION=on) at
 * https://NAME, and waits until each is ready through its nginx.
 */
export async function startHosts(kinds: DbKind[], env: Record<string, string> = {}): Promise<TestHosts> {
  const net = 10 + (process.pid % 240);
  const tag = `vgl${process.pid % 100000}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-hosts-'));
  // nginx's workers drop to `nobody`: they must reach the temp folders for request bodies.
  fs.chmodSync(dir, 0o755);
  const names = kinds.map((_, i) => `${['one', 'two', 'three'][i]}.vgl.test`);
  const children: ChildProcess[] = [];
  const databases: TestDatabase[] = [];
  const namespaces: string[] = [];
  const dataDirs: string[] = [];
  const bridge = `${tag}br`;
  const ip = (...args: string[]) => run(IP!, args);
  const stop = async () => {
    for (const child of children.reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    for (const ns of namespaces) {
      try {
        ip('netns', 'del', ns);
      } catch {
        // already gone
      }
      fs.rmSync(`/etc/netns/${ns}`, { recursive: true, force: true });
    }
    try {
      ip('link', 'del', bridge);
    } catch {
      // already gone
    }
    for (const database of databases) await database.drop();
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  };

  // What a run killed before its clean-up left under these names (a pid comes round again).
  const leftovers = names.map((_, i) => `${tag}h${i}`);
  for (const ns of leftovers) {
    try {
      ip('netns', 'del', ns);
    } catch {
      // none
    }
  }
  try {
    ip('link', 'del', bridge);
  } catch {
    // none
  }

  try {
    makeCertificates(dir, names);
    const ca = fs.readFileSync(path.join(dir, 'ca.pem'));
    ip('link', 'add', bridge, 'type', 'bridge');
    ip('addr', 'add', `198.18.${net}.254/24`, 'dev', bridge);
    ip('link', 'set', bridge, 'up');
    const addresses = names.map((_, i) => `198.18.${net}.${i + 1}`);
    const hostsFile = `127.0.0.1 localhost\n${names.map((name, i) => `${addresses[i]} ${name}`).join('\n')}\n`;

    const hosts: TestHost[] = [];
    for (const [i, name] of names.entries()) {
      const ns = `${tag}h${i}`;
      ip('netns', 'add', ns);
      namespaces.push(ns);
      fs.mkdirSync(`/etc/netns/${ns}`, { recursive: true });
      fs.writeFileSync(`/etc/netns/${ns}/hosts`, hostsFile);
      const outside = `${tag}v${i}`;
      ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns);
      ip('link', 'set', outside, 'master', bridge);
      ip('link', 'set', outside, 'up');
      ip('netns', 'exec', ns, IP!, 'link', 'set', 'lo', 'up');
      ip('netns', 'exec', ns, IP!, 'addr', 'add', `${addresses[i]}/24`, 'dev', 'eth0');
      ip('netns', 'exec', ns, IP!, 'link', 'set', 'eth0', 'up');

      const kind = kinds[i]!;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-host-'));
      dataDirs.push(dataDir);
      let databaseUrl: string | undefined;
      if (kind === 'postgres') {
        const database = await createTestDatabase('postgres');
        databases.push(database);
        databaseUrl = await socketDatabase(database);
      } else {
        fs.cpSync(await seededTemplate(), dataDir, { recursive: true });
      }
      const instanceEnv: Record<string, string> = {
        ...(process.env as Record<string, string>),
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `https://${name}`,
        FEDERATION: 'on',
        TRUST_PROXY: 'loopback',
        NODE_EXTRA_CA_CERTS: path.join(dir, 'ca.pem'),
        LOG_LEVEL: 'warn',
        WIKIDATA_SYNC: 'off',
        SHED_EVENT_LOOP_DELAY_MS: '0',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...env,
      };
      delete instanceEnv.TEST_DATABASE_URL;
      let log = '';
      const app = spawn(IP!, ['netns', 'exec', ns, process.execPath, SERVER_ENTRY], { cwd: ROOT, env: instanceEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      app.stdout?.on('data', (chunk) => (log += chunk));
      app.stderr?.on('data', (chunk) => (log += chunk));
      children.push(app);

      fs.writeFileSync(path.join(dir, `${name}.nginx.conf`), siteFor(dir, name, addresses[i]!));
      const nginxArgs = ['-p', dir, '-e', path.join(dir, `${name}.error.log`), '-c', path.join(dir, `${name}.nginx.conf`)];
      run(IP!, ['netns', 'exec', ns, NGINX!, '-t', '-q', ...nginxArgs]);
      const proxy = spawn(IP!, ['netns', 'exec', ns, NGINX!, ...nginxArgs, '-g', 'daemon off;'], { stdio: 'ignore' });
      children.push(proxy);

      const address = addresses[i]!;
      const call: TestHost['call'] = (method, route, options = {}) =>
        new Promise((resolve, reject) => {
          const body = options.body === undefined ? undefined : JSON.stringify(options.body);
          const req = https.request(
            {
              host: address,
              port: 443,
              servername: name,
              ca,
              agent: false,
              method,
              path: route,
              headers: {
                host: name,
                accept: 'application/json',
                ...(body === undefined ? {} : { 'content-type': 'application/json' }),
                ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
              },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => {
                const text = Buffer.concat(chunks).toString('utf8');
                let parsed: unknown = text;
                try {
                  parsed = text ? JSON.parse(text) : null;
                } catch {
                  // not JSON: the text itself
                }
                resolve({ status: res.statusCode ?? 0, body: parsed as never });
              });
              res.on('error', reject);
            },
          );
          req.setTimeout(20_000, () => req.destroy(new Error(`${method} https://${name}${route}: no answer within 20 s`)));
          req.on('error', reject);
          if (body !== undefined) req.write(body);
          req.end();
        });
      const output = () => log;
      const cliEnv = { ...instanceEnv };
      hosts.push({
        name,
        address,
        origin: `https://${name}`,
        kind,
        output,
        accessLog: () => fs.readFileSync(path.join(dir, `${name}.access.log`), 'utf8'),
        cli: (args, input) => execFileSync(process.execPath, [CLI_ENTRY, ...args], { cwd: ROOT, env: cliEnv, input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] }),
        call,
      });
    }

    for (const host of hosts) {
      await waitUntil(`${host.origin} ready`, async () => (await host.call('GET', '/api/health/ready')).status === 200, host.output);
    }
    return { hosts, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
