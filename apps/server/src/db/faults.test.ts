import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { classifyDbFault, describeFault } from './faults.js';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('classifyDbFault', () => {
  it.each([
    // PostgreSQL: the server going away or refusing connections
    ['57P01', 'database_unavailable', 503, 5],
    ['57P02', 'database_unavailable', 503, 5],
    ['57P03', 'database_unavailable', 503, 5],
    ['53300', 'database_unavailable', 503, 5],
    ['08006', 'database_unavailable', 503, 5],
    ['08001', 'database_unavailable', 503, 5],
    // too slow, or losing to other work
    ['57014', 'database_slow', 503, 5],
    ['40P01', 'database_busy', 503, 1],
    ['40001', 'database_busy', 503, 1],
    ['55P03', 'database_busy', 503, 1],
    ['53200', 'database_busy', 503, 1],
    ['25006', 'database_readonly', 503, 30],
    ['53100', 'storage_full', 507, 60],
    // Node's sockets
    ['ECONNREFUSED', 'database_unavailable', 503, 5],
    ['ECONNRESET', 'database_unavailable', 503, 5],
    ['EPIPE', 'database_unavailable', 503, 5],
    // SQLite's extended codes
    ['SQLITE_FULL', 'storage_full', 507, 60],
    ['SQLITE_READONLY', 'storage_readonly', 503, 60],
    ['SQLITE_READONLY_DBMOVED', 'storage_readonly', 503, 60],
    ['SQLITE_IOERR_WRITE', 'storage_error', 503, 30],
    ['SQLITE_IOERR_FSYNC', 'storage_error', 503, 30],
    ['SQLITE_CANTOPEN', 'storage_error', 503, 30],
    ['SQLITE_CORRUPT', 'storage_error', 503, 30],
    ['SQLITE_BUSY', 'database_busy', 503, 1],
    ['SQLITE_BUSY_SNAPSHOT', 'database_busy', 503, 1],
  ])('%s is %s (%i, Retry-After %i)', (code, id, status, retryAfter) => {
    expect(classifyDbFault(coded(code))).toMatchObject({ id, status, retryAfter, code });
  });

  it.each([
    ['timeout exceeded when trying to connect', 'database_busy'],
    ['Connection terminated unexpectedly', 'database_unavailable'],
    ['Connection terminated due to connection timeout', 'database_unavailable'],
    ['Client has encountered a connection error and is not queryable', 'database_unavailable'],
    ['driver has already been destroyed', 'database_unavailable'],
    ['The database connection is not open', 'database_unavailable'],
  ])('"%s" (no code) is %s', (message, id) => {
    expect(classifyDbFault(new Error(message))?.id).toBe(id);
  });

  it('finds the fault in an error’s cause (a transaction rolled back with its commit group)', () => {
    const rolledBack = new Error('This transaction was rolled back with its commit group.', { cause: coded('SQLITE_FULL', 'database or disk is full') });
    expect(classifyDbFault(rolledBack)).toMatchObject({ id: 'storage_full', status: 507 });
  });

  it('leaves everything else alone: bugs, constraint violations, bad input stay what they are', () => {
    for (const err of [new Error('boom'), new TypeError('x is undefined'), coded('23505'), coded('42P01'), coded('22P02'), coded('SQLITE_CONSTRAINT_UNIQUE'), coded('SQLITE_ERROR'), coded('ENOENT'), null, undefined, 'text']) {
      expect(classifyDbFault(err)).toBeUndefined();
    }
  });

  it('knows the errors better-sqlite3 really throws', () => {
    const sqlite = new SQLite(':memory:');
    try {
      sqlite.exec('create table t (x)');
      sqlite.pragma('query_only = 1');
      let thrown: unknown;
      try {
        sqlite.exec('insert into t values (1)');
      } catch (err) {
        thrown = err;
      }
      expect(classifyDbFault(thrown)).toMatchObject({ id: 'storage_readonly', code: 'SQLITE_READONLY' });
    } finally {
      sqlite.close();
    }
    let closed: unknown;
    try {
      sqlite.prepare('select 1');
    } catch (err) {
      closed = err;
    }
    expect(classifyDbFault(closed)?.id).toBe('database_unavailable');
  });

  it('describes a fault for the log with where it happened and its code', () => {
    expect(describeFault(classifyDbFault(coded('SQLITE_FULL'))!, '/data/vgl.sqlite')).toBe('The disk holding /data/vgl.sqlite is full (SQLITE_FULL): free space; writes resume by themselves');
    expect(describeFault(classifyDbFault(coded('ECONNREFUSED'))!, 'PostgreSQL (db:5432/vgl)')).toBe('PostgreSQL (db:5432/vgl) is not reachable (ECONNREFUSED)');
  });
});
