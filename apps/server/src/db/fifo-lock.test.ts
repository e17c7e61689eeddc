import { describe, expect, it } from 'vitest';
import { FifoLock } from './fifo-lock.js';

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
