import { createHash, randomBytes } from 'node:crypto';
import { RELEASE_LIMITS, RELEASE_MESSAGES, type CalendarFeed, type ComingUp, type ComingUpMonth } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import type { Actor, LibraryService } from '../library/library.service.js';
import type { UserRow } from '../users/users.repo.js';
import { releaseCalendar } from './releases.calendar.js';
import { releasesRepo } from './releases.repo.js';

const DAY_SECONDS = 86_400;
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

  return {
    /** Whoever may read the member's library sees it (library.ownerFor: privacy, blocks). */
    async comingUp(actor: Actor, username: string): Promise<ComingUp> {
      const owner = await library.ownerFor(actor, username, 'read');
      const from = Math.floor(now() / 1000) - RELEASE_LIMITS.recentDays * DAY_SECONDS;
      const months: ComingUpMonth[] = [];
      for (const row of await releasesRepo.datedWanted(k, owner.id, from, RELEASE_LIMITS.comingUpMax)) {
        const releaseDate = Number(row.first_release_date);
        const month = new Date(releaseDate * 1000).toISOString().slice(0, 7);
        if (months.at(-1)?.month !== month) months.push({ month, games: [] });
        months.at(-1)!.games.push({ slug: row.slug, name: row.name, cover: row.cover_image_id, releaseDate, wishlist: row.owned === 0 });
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
      const rows = await releasesRepo.datedWanted(k, owner.id, from, RELEASE_LIMITS.comingUpMax);
      return releaseCalendar(owner.username, rows.map((r) => ({ id: r.id, slug: r.slug, name: r.name, releaseDate: Number(r.first_release_date) })), publicUrl, new Date(now()));
    },
  };
}

export type ReleasesService = ReturnType<typeof createReleasesService>;
