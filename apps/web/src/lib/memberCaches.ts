import { isMemberCache } from '../sw/apiCache';

/**
 * Deletes the API answers the service worker kept for members (src/sw):
 * on logout nothing of the member stays on a shared device. The public
 * cache and the app itself stay.
 */
export async function forgetMemberAnswers(storage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  if (!storage) return;
  const names = await storage.keys();
  await Promise.all(names.filter(isMemberCache).map((name) => storage.delete(name)));
}
