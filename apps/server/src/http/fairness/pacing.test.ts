import { describe, expect, it } from 'vitest';
import { Pacing } from './pacing.js';

describe('Pacing', () => {
  it('lets a burst through at once, then one use per interval, each key on its own', () => {
    const clock = { now: 0 };
    const pacing = new Pacing(2, 3, () => clock.now); // one use every 500 ms, 3 at once
    expect([pacing.take('a'), pacing.take('a'), pacing.take('a')]).toEqual([0, 0, 0]);
    expect(pacing.take('a')).toBe(500);
    expect(pacing.take('b')).toBe(0);
    clock.now = 499;
    expect(pacing.take('a')).toBe(1);
    clock.now = 500;
    expect(pacing.take('a')).toBe(0);
    expect(pacing.take('a')).toBe(500);
    // After a long quiet spell a key has its whole burst again, no more.
    clock.now = 60_000;
    expect([pacing.take('a'), pacing.take('a'), pacing.take('a'), pacing.take('a')]).toEqual([0, 0, 0, 500]);
  });
});
