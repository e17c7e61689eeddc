import { describe, expect, it } from 'vitest';
import { STATS_CACHE_MAX_AGE_MS, createStatsCache } from './stats.cache.js';

describe('the stats cache', () => {
  it('keeps a value while its version holds, for a while, and drops the least recently used past its rows', async () => {
    let clock = 0;
    let computed = 0;
    const cache = createStatsCache(() => clock, 10);
    const get = (key: string, version: string, weight = 4) => cache.get(key, version, async () => `${key}@${version}#${++computed}`, () => weight);

    expect(await get('a', '1')).toBe('a@1#1');
    expect(await get('a', '1')).toBe('a@1#1');
    expect(await get('a', '2')).toBe('a@2#2');
    clock += STATS_CACHE_MAX_AGE_MS;
    expect(await get('a', '2')).toBe('a@2#3');

    await get('b', '1');
    await get('a', '2');
    // 12 rows with c: b (the least recently used) goes.
    await get('c', '1');
    expect(cache.rows).toBe(8);
    expect(await get('a', '2')).toBe('a@2#3');
    expect(await get('b', '1')).toBe('b@1#6');
  });

  it('keeps nothing when the computation fails', async () => {
    const cache = createStatsCache();
    await expect(cache.get('x', '1', async () => Promise.reject(new Error('db down')), () => 1)).rejects.toThrow('db down');
    expect(await cache.get('x', '1', async () => 'ok', () => 1)).toBe('ok');
  });
});
