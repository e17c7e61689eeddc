import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { migrationsFor } from '../db/migrations/index.js';

/** What every SQLite file starts with. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Why a file cannot be restored, in words for the operator. */
export class NotRestorable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotRestorable';
  }
}

/**
 * Checks that `file` is a whole VGL database this release can open: an
 * SQLite file, intact (integrity_check), with VGL's app_meta and migration
 * tables, and no migration this release does not know (a backup of a newer
 * VGL). Opens it read-write: call it on a copy of the backup, never on the
 * backup or the live file.
 */
export function verifySqliteBackup(file: string, label: string): { migrations: number } {
  const head = Buffer.alloc(SQLITE_HEADER.length);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, head.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (!head.equals(SQLITE_HEADER)) throw new NotRestorable(`${label} is not a VGL backup: it is not an SQLite database.`);
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { fileMustExist: true });
    const problems = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
    if (problems.length !== 1 || problems[0]!.integrity_check !== 'ok') {
      throw new NotRestorable(`${label} is damaged (truncated or corrupted): ${problems.slice(0, 3).map((p) => p.integrity_check).join('; ')}.`);
    }
    const tables = new Set((db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((t) => t.name));
    if (!tables.has('app_meta') || !tables.has('kysely_migration')) throw new NotRestorable(`${label} is an SQLite database, but not a VGL one (it has no app_meta and migration tables).`);
    const applied = (db.prepare('select name from kysely_migration').all() as { name: string }[]).map((m) => m.name);
    const known = new Set(Object.keys(migrationsFor('sqlite')));
    const unknown = applied.filter((name) => !known.has(name));
    if (unknown.length) throw new NotRestorable(`${label} was written by a newer VGL (migration ${unknown[0]} is unknown here): restore it with that release or a later one.`);
    return { migrations: applied.length };
  } catch (error) {
    if (error instanceof NotRestorable) throw error;
    // SQLITE_CORRUPT, SQLITE_NOTADB…: a file cut short or overwritten.
    throw new NotRestorable(`${label} is damaged (truncated or corrupted): ${(error as Error).message}.`);
  } finally {
    db?.close();
  }
}

/**
 * Processes that have `file` open (Linux: /proc/<pid>/fd), this one
 * included; empty where /proc cannot tell. Other users' processes are seen
 * only by root: the write-ahead log is the second sign (sqliteInUse).
 */
function processesHolding(file: string): number[] {
  const target = path.resolve(file);
  const names = new Set([target, `${target}-wal`, `${target}-shm`]);
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return [];
  }
  const holders: number[] = [];
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (names.has(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))) {
          holders.push(Number(pid));
          break;
        }
      } catch {
        // closed meanwhile
      }
    }
  }
  return holders;
}

/**
 * Why the live database seems in use, or null: a process holds it open, or
 * its write-ahead log is there (SQLite removes it when the last connection
 * closes; one left by a process that died is a false alarm, hence --force).
 */
export function sqliteInUse(file: string): string | null {
  const holders = processesHolding(file);
  if (holders.length) return `process ${holders.join(', ')} has ${file} open`;
  const wal = `${file}-wal`;
  if (fs.existsSync(wal)) return `its write-ahead log (${wal}) is there, so a process has it open or stopped without closing it`;
  return null;
}

/**
 * Replaces the live database with a verified copy: the live file and its
 * write-ahead log are renamed to `<file>.replaced-<stamp>` (-wal, -shm),
 * then the copy is renamed into place, in one directory so each step is a
 * rename. Returns where the replaced database went (null: there was none).
 */
export function swapInSqlite(verifiedCopy: string, live: string, stamp: string): string | null {
  const aside = `${live}.replaced-${stamp}`;
  const had = fs.existsSync(live);
  for (const suffix of ['-wal', '-shm']) if (fs.existsSync(live + suffix)) fs.renameSync(live + suffix, aside + suffix);
  if (had) fs.renameSync(live, aside);
  fs.renameSync(verifiedCopy, live);
  return had ? aside : null;
}
