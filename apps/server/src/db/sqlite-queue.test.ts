import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDb } from './database.js';
import { FifoLock } from './sqlite-queue.js';

describe('FifoLock', () => {
  it('hands the lock to the waiters one at a time, in the order they asked', async () => {
    const lock = new FifoLock();
    const order: number[] = [];
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 3000 }, async (_, i) => {
        await lock.acquire();
        inside += 1;
        most = Math.max(most, inside);
        order.push(i);
        await Promise.resolve();
        inside -= 1;
        lock.release();
      }),
    );
    expect(most).toBe(1);
    expect(order).toEqual(Array.from({ length: 3000 }, (_, i) => i));
    expect(lock.waiting).toBe(0);
    // Free again: taken at once.
    await lock.acquire();
    lock.release();
  });
});

describe('the queued SQLite connection', () => {
  it('keeps a transaction to itself while other queries wait their turn', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-queue-'));
    const db = createDb({ kind: 'sqlite', file: path.join(dir, 'vgl.sqlite') });
    try {
      db.sqlite!.exec('create table counter (n integer not null); insert into counter values (0)');
      // 50 read-then-write transactions at once, each yielding between its read and its write: none may interleave.
      await Promise.all(
        Array.from({ length: 50 }, () =>
          db.kysely.transaction().execute(async (trx) => {
            const { n } = await trx.selectFrom('counter' as never).select('n' as never).executeTakeFirstOrThrow() as { n: number };
            await new Promise((resolve) => setImmediate(resolve));
            await trx.updateTable('counter' as never).set({ n: n + 1 } as never).execute();
          }),
        ),
      );
      expect(db.sqlite!.prepare('select n from counter').get()).toEqual({ n: 50 });
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
