import { plainExcerpt } from '@vgl/shared';
import type { ActivityItem, ActivityVerb, PlayStatus } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import type { LimitCounters } from '../../http/limits/index.js';
import { presentEntryGame } from '../library/library.presenter.js';
import type { Conn } from '../library/library.repo.js';
import type { LibraryService } from '../library/library.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { usersRepo, type UserRow } from '../users/users.repo.js';
import { activityRepo, feedPage, type FeedRow } from './activity.repo.js';
import { audienceRepo } from '../audience/audience.repo.js';
import { followsRepo } from '../follows/follows.repo.js';

/** Things one person did to one game within this long of each other show as one feed item. */
const GROUP_WINDOW_MS = 6 * 3600_000;
/** The unread check looks at most UNREAD_PAGES × UNREAD_PAGE new lines for one the feed would show. */
const UNREAD_PAGE = 20;
const UNREAD_PAGES = 5;
const GAME_VERBS = new Set<ActivityVerb>(['added', 'status', 'rated', 'reviewed', 'played']);

export interface ActivityRecord {
  verb: ActivityVerb;
  gameId?: number | null;
  entryId?: number | null;
  commentId?: number | null;
  targetUserId?: number | null;
  /** The list made, liked or commented on. */
  listId?: number | null;
  value?: number | null;
}


function present(group: FeedRow[]): ActivityItem {
  const [first] = group as [FeedRow];
  const verbs = group.map((r) => r.verb);
  const of = (verb: ActivityVerb) => group.find((r) => r.verb === verb)?.value ?? null;
  return {
    id: first.id,
    actor: { username: first.username, avatar: first.avatar },
    verbs,
    createdAt: Number(first.created_at),
    game: first.game_slug
      ? presentEntryGame({
          game_name: first.game_name!,
          game_slug: first.game_slug,
          game_cover: first.game_cover,
          game_release_date: first.game_release_date,
          game_release_year: first.game_release_year,
        })
      : null,
    review: group.map((r) => (r.review && r.review_slug && r.review_username ? { username: r.review_username, slug: r.review_slug } : null)).find(Boolean) ?? null,
    // A game added with a status carries it on the 'added' row.
    status: (of('status') ?? of('added')) as PlayStatus | null,
    rating: of('rated'),
    targetUser: first.target_username ? { username: first.target_username, avatar: first.target_avatar } : null,
    comment: first.comment_id && first.comment_body ? { id: first.comment_id, excerpt: plainExcerpt(first.comment_body) } : null,
    list: first.list_slug && first.list_title && first.list_username ? { username: first.list_username, slug: first.list_slug, title: first.list_title } : null,
  };
}

/** Consecutive game activities of one actor on one game, close in time, become one item. */
export function groupFeed(rows: FeedRow[]): ActivityItem[] {
  const groups: FeedRow[][] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    const head = last?.[0];
    if (
      head &&
      GAME_VERBS.has(row.verb) &&
      GAME_VERBS.has(head.verb) &&
      head.actor_id === row.actor_id &&
      head.game_id === row.game_id &&
      Number(last[last.length - 1]!.created_at) - Number(row.created_at) <= GROUP_WINDOW_MS &&
      !last.some((r) => r.verb === row.verb)
    ) {
      last.push(row);
    } else {
      groups.push([row]);
    }
  }
  return groups.map(present);
}

export function createActivityService(db: Db, now: () => number = Date.now) {
  const k = db.kysely;
  return {
    /** Writes one activity (inside the caller's transaction when given). */
    record: (conn: Conn, actorId: number, a: ActivityRecord) =>
      activityRepo.insert(conn, {
        actor_id: actorId,
        verb: a.verb,
        game_id: a.gameId ?? null,
        entry_id: a.entryId ?? null,
        comment_id: a.commentId ?? null,
        target_user_id: a.targetUserId ?? null,
        list_id: a.listId ?? null,
        value: a.value ?? null,
        created_at: now(),
      }),

    forget: activityRepo.removeFor,

    /** A page of the feed; the first page also marks everything up to now as seen. */
    async feed(user: UserRow, before: number | undefined, limit: number): Promise<{ items: ActivityItem[]; nextCursor: number | null }> {
      const { rows, nextCursor } = await feedPage(k, db.dialect, user.id, user.following_count, before, limit);
      if (before === undefined && rows.length > 0 && rows[0]!.id > user.feed_seen_id) {
        await usersRepo.update(k, user.id, { feed_seen_id: rows[0]!.id });
      }
      return { items: groupFeed(await shownTo(user, rows)), nextCursor };
    },

    /**
     * SPEC §7: true when the feed has a line the user has not seen: something
     * someone they follow did after their last look, that the feed shows them
     * (not what suspended, muted or blocked members did, nor lines about
     * things out of their reach: opening the feed could never clear those).
     */
    async isUnread(user: UserRow): Promise<boolean> {
      if (user.following_count === 0) return false;
      const hidden = await audienceRepo.hiddenFrom(k, user.id, { muted: true });
      const except = [...hidden];
      let before: number | undefined;
      // A few pages at most: lines the feed leaves out are rare once muted and blocked actors are out of the search.
      for (let page = 0; page < UNREAD_PAGES; page++) {
        const { rows, lastId } = await activityRepo.followedSince(k, db.dialect, user.id, user.following_count, {
          after: user.feed_seen_id,
          before,
          limit: UNREAD_PAGE,
          exceptActors: except,
        });
        if ((await shownTo(user, rows, hidden)).length > 0) return true;
        if (lastId === null) return false;
        before = lastId;
      }
      return false;
    },
  };

  /** The feed rows a member may see, in order. */
  async function shownTo(user: UserRow, rows: FeedRow[], known?: Set<number>): Promise<FeedRow[]> {
    // Muted members, and members blocked either way, leave the feed silently: as actors and as whom a line is about.
    const hidden = known ?? (await audienceRepo.hiddenFrom(k, user.id, { muted: true }));
    // A private member's review or list, liked or commented on by someone followed, stays theirs and their followers'.
    // So does a review for followers only (to non-followers) or for its author only (to anyone else).
    const privateOwners = rows.flatMap((r) => [
      ...((Number(r.review_user_private) === 1 || r.review_visibility === 'followers') && r.review_user_id !== null ? [r.review_user_id] : []),
      ...(Number(r.list_user_private) === 1 && r.list_user_id !== null ? [r.list_user_id] : []),
    ]);
    const followed = await followsRepo.followedAmong(k, user.id, [...new Set(privateOwners)]);
    const out = (id: number | null) => id !== null && (hidden.has(id) || (privateOwners.includes(id) && id !== user.id && !followed.has(id)));
    const ownOnly = (r: (typeof rows)[number]) => r.review_visibility === 'private' && r.review_user_id !== null && r.review_user_id !== user.id;
    return rows.filter((r) => !hidden.has(r.actor_id) && !out(r.target_user_id) && !out(r.review_user_id) && !out(r.list_user_id) && !ownOnly(r));
  }
}

export type ActivityService = ReturnType<typeof createActivityService>;

/** What a like, comment or follow is written through: the owner's profile, the feed and the notifications. */
export interface SocialServices {
  library: LibraryService;
  activity: ActivityService;
  notifications: NotificationsService;
  /** The shared rate-limit counters (http/limits); without them each service counts in memory. */
  limits?: LimitCounters;
}
