// What the catalog-source benchmarks (bench:igdb, bench:wikidata) share: the
// fake service in a child process answering over IPC, a fresh database for
// the sync to fill, and the time limit every bench keeps.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Forks `script` with `args` (TypeScript through tsx) and resolves with the first message it sends: where it listens. */
export async function startFakeService(script, args) {
  const child = fork(script, args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const hello = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the fake service exited (${code})`)));
  });
  return { child, hello };
}

/** Sends `message` to the child and resolves with its answer that carries `key`. */
export function ask(child, message, key) {
  return new Promise((resolve) => {
    const on = (m) => {
      if (m && key in m) {
        child.off('message', on);
        resolve(m);
      }
    };
    child.on('message', on);
    child.send(message);
  });
}

/** A fresh database of `kind` as the server's createDb takes it (SQLite in a temp folder, or a new PostgreSQL database). */
export async function sourceDatabase(kind, pgUrl, prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix.replace(/_/g, '-')}-`));
  if (kind === 'sqlite') return { config: { kind, file: path.join(dir, 'vgl.sqlite') }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  const pg = (await import('pg')).default;
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind, url: url.href },
    drop: async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Ends the process after `seconds` whatever happens (benchmarks are bounded in time). */
export function stopAfter(seconds, name) {
  const timer = setTimeout(() => {
    process.stderr.write(`${name} stopped after ${seconds} s (BENCH_TIMEOUT_S).\n`);
    process.exit(1);
  }, seconds * 1000);
  timer.unref();
}
