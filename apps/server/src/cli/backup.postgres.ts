import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { migrationsFor } from '../db/migrations/index.js';
import { NotRestorable } from './backup.sqlite.js';

/** True when `command` runs from PATH. */
export const onPath = (command: string) => spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * A connection for PostgreSQL's own tools with the password in PGPASSWORD,
 * not in an argument that `ps` would show every user of the machine.
 */
export function toolConnection(url: string, database?: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(database ? withDatabase(url, database) : url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** The same server and credentials, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.href;
}

export const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
function readHead(file: string, bytes: number): string {
  const head = Buffer.alloc(bytes);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, bytes, 0);
  } finally {
    fs.closeSync(fd);
  }
  return head.toString('latin1');
}
const firstLines = (text: string, n = 3) => text.trim().split('\n').slice(0, n).join(' | ');

/** pg_dump in its custom format (compressed, restorable table by table). */
export function pgDump(url: string, file: string): void {
  const { dbname, env } = toolConnection(url);
  const run = spawnSync('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${dbname}`], { env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pg_dump failed: ${firstLines(run.stderr || run.error?.message || 'no output')}`);
}

/** The steps db:restore takes, for an operator who runs them by hand (no pg_restore here, or no right to create databases). */
export function manualRestoreSteps(url: string, file: string): string {
  const name = databaseName(url);
  const restoring = `${name}_restoring`;
  const { dbname: maintenance } = toolConnection(url, 'postgres');
  const { dbname: target } = toolConnection(url, restoring);
  return [
    '  1. Stop every VGL instance on this database.',
    `  2. psql "${maintenance}" -c 'CREATE DATABASE ${quoteIdent(restoring)} TEMPLATE template0'`,
    `  3. pg_restore --exit-on-error --single-transaction --no-owner --no-privileges --dbname="${target}" ${JSON.stringify(file)}`,
    `     (if it fails, the backup is damaged: drop ${restoring}; nothing else was touched)`,
    `  4. psql "${maintenance}" -c 'ALTER DATABASE ${quoteIdent(name)} RENAME TO ${quoteIdent(`${name}_replaced`)}' -c 'ALTER DATABASE ${quoteIdent(restoring)} RENAME TO ${quoteIdent(name)}'`,
    `  5. If ${file}.secrets exists, put the value of its "jwt-secret" in DATA_DIR/jwt-secret (or keep JWT_SECRET as it was).`,
    '  6. Start VGL. Drop the _replaced database once you are content.',
  ].join('\n');
}

interface RestoreOptions {
  force: boolean;
  stamp: string;
}

/**
 * Restores a pg_dump archive (custom format) without touching the live
 * database until the restore has worked: into a new database beside it,
 * checked to be VGL's, then swapped in by two renames; the live one is kept
 * as `<name>_replaced_<stamp>`. Refuses while other sessions use the live
 * database, unless `force` (they are then ended). Returns the kept name.
 */
export async function restorePostgres(url: string, file: string, { force, stamp }: RestoreOptions): Promise<string> {
  const listed = spawnSync('pg_restore', ['--list', file], { encoding: 'utf8' });
  if (listed.status !== 0) {
    // pg_dump's custom format starts with "PGDMP": such a file that cannot be read was cut short or damaged.
    const damaged = readHead(file, 5) === 'PGDMP';
    throw new NotRestorable(`${file} ${damaged ? 'is damaged (truncated or corrupted)' : 'is not a VGL backup'}: pg_restore cannot read it (${firstLines(listed.stderr)}).`);
  }
  if (!/ TABLE public app_meta /.test(listed.stdout) || !/ TABLE public kysely_migration /.test(listed.stdout)) {
    throw new NotRestorable(`${file} is a PostgreSQL archive, but not of a VGL database (it has no app_meta and migration tables).`);
  }

  const name = databaseName(url);
  const suffix = `_replaced_${stamp.replace(/\D/g, '')}`;
  const aside = `${name.slice(0, 63 - suffix.length)}${suffix}`;
  const restoring = `${name.slice(0, 40)}_restoring_${process.pid}`;
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    const others = await admin.query<{ pid: number; application_name: string; client_addr: string | null }>(
      'select pid, application_name, client_addr from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    if (others.rows.length && !force) {
      const who = others.rows.slice(0, 5).map((r) => `pid ${r.pid}${r.client_addr ? ` from ${r.client_addr}` : ''}${r.application_name ? ` (${r.application_name})` : ''}`);
      throw new NotRestorable(`${others.rows.length} session(s) use the database ${name}: ${who.join(', ')}. Stop every VGL instance first, or pass --force to end them.`);
    }
    await admin.query(`CREATE DATABASE ${quoteIdent(restoring)} TEMPLATE template0`);
    const dropRestoring = () => admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(restoring)} WITH (FORCE)`).catch(() => undefined);
    try {
      const { dbname, env } = toolConnection(url, restoring);
      const run = spawnSync('pg_restore', ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${dbname}`, file], { env, encoding: 'utf8' });
      if (run.status !== 0) throw new NotRestorable(`${file} is damaged (truncated or corrupted): pg_restore stopped with ${firstLines(run.stderr || 'no output')}.`);
      await checkRestored(url, restoring, file);
    } catch (error) {
      await dropRestoring();
      throw error;
    }
    if (force) await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    await admin.query(`ALTER DATABASE ${quoteIdent(name)} RENAME TO ${quoteIdent(aside)}`);
    try {
      await admin.query(`ALTER DATABASE ${quoteIdent(restoring)} RENAME TO ${quoteIdent(name)}`);
    } catch (error) {
      await admin.query(`ALTER DATABASE ${quoteIdent(aside)} RENAME TO ${quoteIdent(name)}`).catch(() => undefined);
      await dropRestoring();
      throw error;
    }
    return aside;
  } finally {
    await admin.end();
  }
}

/** The restored copy is VGL's, of a release no newer than this one. */
async function checkRestored(url: string, database: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, database) });
  await client.connect();
  try {
    const applied = (await client.query<{ name: string }>('select name from kysely_migration')).rows.map((r) => r.name);
    const known = new Set(Object.keys(migrationsFor('postgres')));
    const unknown = applied.filter((n) => !known.has(n));
    if (unknown.length) throw new NotRestorable(`${file} was written by a newer VGL (migration ${unknown[0]} is unknown here): restore it with that release or a later one.`);
    await client.query('select count(*) from app_meta');
  } finally {
    await client.end();
  }
}
