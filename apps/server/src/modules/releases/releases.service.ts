import { createHash, randomBytes } from 'node:crypto';
import { RELEASE_LIMITS, RELEASE_MESSAGES, type CalendarFeed, type ComingUp, type ComingUpMonth } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import type { Actor, LibraryService } from '../library/library.service.js';
import type { UserRow } from '../users/users.repo.js';
import { releaseCalendar } from './releases.calendar.js';
import { memberPlatformsRepo } from '../member-platforms/member-platforms.repo.js';
import { releaseContext } from './releases.platforms.js';
import { releasesRepo } from './releases.repo.js';

const DAY_SECONDS = 86_400;
const YEAR_SECONDS = 365 * DAY_SECONDS;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface ReleasesDeps {
  db: Db;
  library: Pick<LibraryService, 'ownerFor'>;
  publicUrl: string;
  now?: () => number;
}

/** "Coming up" and the private calendar feed: a member's wanted games by release date. */
export function createReleasesService({ db, library, publicUrl, now = Date.now }: ReleasesDeps) {
  const k = db.kysely;
  const feedUrl = (token: string) => `${publicUrl}/api/calendar/${token}.ics`;

  /**
   * A member's dated wanted games with the release that counts for them
   * (releases.platforms.ts): the date on one of their platforms when they
   * named any and it is known, else the first release; by that date.
   */
  async function wantedReleases(userId: number, fromSeconds: number) {
    let rows = await releasesRepo.datedWanted(k, userId, fromSeconds, RELEASE_LIMITS.comingUpMax);
    if (await memberPlatformsRepo.namedAny(k, userId)) {
      // A game out elsewhere a while ago may still be to come on their platform (a port): those count too.
      const earlier = await releasesRepo.outEarlierWanted(k, userId, fromSeconds - RELEASE_LIMITS.portYears * YEAR_SECONDS, fromSeconds, RELEASE_LIMITS.comingUpMax);
      rows = [...rows, ...earlier];
    }
    const context = await releaseContext(k, rows, [userId]);
    return rows
      .map((row) => {
        const release = context.releaseOf(userId, row);
        return { row, releaseDate: release.date ?? Number(row.first_release_date), platform: context.platformName(release.platformId), off: release.off };
      })
      .filter((r) => r.releaseDate >= fromSeconds)
      .sort((a, b) => a.releaseDate - b.releaseDate || a.row.name.localeCompare(b.row.name))
      .slice(0, RELEASE_LIMITS.comingUpMax);
  }

  return {
    /** Whoever may read the member's library sees it (library.ownerFor: privacy, blocks). */
    async comingUp(actor: Actor, username: string): Promise<ComingUp> {
      const owner = await library.ownerFor(actor, username, 'read');
      const from = Math.floor(now() / 1000) - RELEASE_LIMITS.recentDays * DAY_SECONDS;
      const months: ComingUpMonth[] = [];
      for (const { row, releaseDate, platform, off } of await wantedReleases(owner.id, from)) {
        const month = new Date(releaseDate * 1000).toISOString().slice(0, 7);
        if (months.at(-1)?.month !== month) months.push({ month, games: [] });
        months.at(-1)!.games.push({ slug: row.slug, name: row.name, cover: row.cover_image_id, releaseDate, wishlist: row.owned === 0, platform, offPlatforms: off });
      }
      return { months };
    },

    async feed(actor: UserRow): Promise<CalendarFeed> {
      const row = await releasesRepo.feedOf(k, actor.id);
      // Only the token's hash is kept: its address is shown once, when made.
      return { url: null, createdAt: row ? Number(row.created_at) : null };
    },

    /** A new address; the one before stops working. */
    async newFeed(actor: UserRow): Promise<CalendarFeed> {
      const token = randomBytes(24).toString('base64url');
      const at = now();
      await releasesRepo.replaceFeed(k, actor.id, sha256(token), at);
      return { url: feedUrl(token), createdAt: at };
    },

    async removeFeed(actor: UserRow): Promise<void> {
      await releasesRepo.removeFeed(k, actor.id);
    },

    /** The iCalendar text of the feed with this token; 404 for a revoked or unknown one. */
    async calendar(token: string): Promise<string> {
      const owner = await releasesRepo.feedOwner(k, sha256(token));
      if (!owner) throw notFound(RELEASE_MESSAGES.noCalendar);
      const from = Math.floor(now() / 1000) - RELEASE_LIMITS.calendarPastDays * DAY_SECONDS;
      const games = await wantedReleases(owner.id, from);
      return releaseCalendar(owner.username, games.map(({ row, releaseDate }) => ({ id: row.id, slug: row.slug, name: row.name, releaseDate })), publicUrl, new Date(now()));
    },
  };
}

export type ReleasesService = ReturnType<typeof createReleasesService>;
