import type { Db } from '../../db/database.js';
import type { MovedName } from '../../http/moved-reads.js';
import { usernameHistoryRepo } from './username-history.repo.js';

/**
 * A renamed member's old links keep working (http/moved-reads.ts): reads of
 * /api/users/{former}/… and pages /u/{former}/… answer 301 under the current
 * name. Never cached as permanent: the redirect ends when someone else takes
 * the name (API answers are no-store anyway; the page's 301 says no-cache).
 */
export const formerUsernames = (db: Db): MovedName => ({
  route: /^\/api\/users\/:username(?:\/|$)/,
  apiSegment: 3,
  page: { pattern: /^\/u\/[^/?]+/i, segment: 2 },
  // Usernames in links are lower-cased (SPEC §2).
  current: async (former) => (await usernameHistoryRepo.currentNameFor(db.kysely, former))?.toLowerCase(),
  description: 'The member was renamed: `Location` is the same call under their current name',
});
