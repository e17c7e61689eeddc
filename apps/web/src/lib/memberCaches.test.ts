import { describe, expect, it } from 'vitest';
import { forgetMemberAnswers } from './memberCaches';

describe('forgetMemberAnswers (logout)', () => {
  it('deletes every member’s kept answers and leaves the app and public answers', async () => {
    const names = new Set(['workbox-precache-v2-/', 'vgl-pages', 'vgl-api-public', 'vgl-api-member-7', 'vgl-api-member-8']);
    const storage = {
      keys: async () => [...names],
      delete: async (name: string) => names.delete(name),
    } as unknown as CacheStorage;
    await forgetMemberAnswers(storage);
    expect([...names].sort()).toEqual(['vgl-api-public', 'vgl-pages', 'workbox-precache-v2-/']);
  });

  it('does nothing where the browser has no caches', async () => {
    await expect(forgetMemberAnswers(undefined)).resolves.toBeUndefined();
  });
});
