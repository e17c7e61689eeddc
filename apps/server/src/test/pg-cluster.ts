import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';

/** Debian's PostgreSQL 15, as CI installs it (.ci/run). */
export const PG_BIN = process.env.VGL_PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why no throwaway cluster can be started here, or undefined when one can. */
export function noPgCluster(): string | undefined {
  if (!fs.existsSync(path.join(PG_BIN, 'initdb')) || !fs.existsSync(path.join(PG_BIN, 'pg_ctl'))) return `no PostgreSQL binaries in ${PG_BIN} (CI installs postgresql-15)`;
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'pipe' });
    } catch {
      return 'running as root, and there is no postgres user to run PostgreSQL as';
    }
  }
  return undefined;
}

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** A database's URL on this cluster. */
  urlOf(database: string): string;
  /** pg_ctl stop: `fast` ends every session (57P01), as an operator's restart does. */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  destroy(): void;
}


/**
 * A PostgreSQL cluster of the test's own, in a temp directory on a free port
 * (the recipe of .ci/run): one a test may stop and start, unlike the shared
 * TEST_DATABASE_URL server. As root, PostgreSQL runs as the postgres user.
 */
export async function startPgCluster(): Promise<PgCluster> {
  const reason = noPgCluster();
  if (reason) throw new Error(reason);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-pg-'));
  const runAs = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (runAs.length) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (tool: string, args: string[]) => {
    const [command, ...rest] = [...runAs, path.join(PG_BIN, tool), ...args];
    execFileSync(command!, rest, { stdio: 'pipe', cwd: dir });
  };
  const port = await freePort();
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', options, 'start']);
  start();
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url: urlOf('postgres'),
    urlOf,
    stop: (mode = 'fast') => run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    start,
    destroy: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // stopped already
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
