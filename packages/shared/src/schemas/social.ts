import { PLAY_STATUS_DESCRIPTION } from '../limits.js';
import { z } from 'zod';
import { NOTIFICATION_KINDS, type ActivityItem, type CommentEntry, type NotificationItem, type RemoteActorRef, type UserCard } from '../social.js';
import { DB_INT_MAX, named, userRefSchema } from './common.js';
import { feedQuerySchema } from './library.js';
import { entryGameSchema } from './library-responses.js';

/** Response schemas of the social features; each is checked against the type the web app reads. */

export const remoteActorRefSchema = named(
  'RemoteActor',
  z.object({
    id: z.string().describe('Its ActivityPub actor id (a URL)'),
    handle: z.string().describe('"@name@host", as Mastodon shows it'),
    name: z.string().nullable().describe('Its display name, as plain text'),
    url: z.string().describe('Its profile page on its own server (http or https)'),
    host: z.string().describe('Its server: the "remote" mark'),
  }),
  'An account elsewhere in the fediverse (Mastodon, another VGL)',
) satisfies z.ZodType<RemoteActorRef>;

export const commentEntrySchema = named(
  'Comment',
  z.object({
    _id: z.string().describe('"c" + id: the entityId for POST /api/like'),
    id: z.number().int(),
    user: userRefSchema,
    body: z.string().describe('As written; shown with the review text rules (SPEC §5)'),
    likes: z.number().int(),
    date: z.object({ created: z.number().describe('Unix ms'), updated: z.number().describe('Unix ms') }),
    viewerCan: z.object({ edit: z.boolean(), delete: z.boolean() }).describe('What the caller may do with it (false for visitors)'),
    hiddenByModerator: z.boolean().optional().describe('Hidden by a moderator after a report: only its author gets it, with this set'),
    remote: z
      .object({
        actor: remoteActorRefSchema,
        url: z.string().nullable().describe('The reply on its own server'),
        viewerCanRemove: z.boolean().describe('Whether the caller may hide it (a moderator, or the review’s author): DELETE /api/federation/replies/{id}'),
      })
      .optional()
      .describe('A reply from the fediverse: `_id` is then "r" + id, ids are the remote replies’ own, and the comment calls do not apply to it'),
  }),
) satisfies z.ZodType<CommentEntry>;

const remoteAccounts = z.object({
  total: z.number().int().min(0),
  accounts: z.array(remoteActorRefSchema).describe('The latest, newest first (at most 50)'),
});

/** GET /api/users/{username}/reviews/{slug}/fediverse */
export const remoteReactionsSchema = named(
  'RemoteReactions',
  z.object({
    likes: remoteAccounts.describe('Fediverse accounts that liked the review (they count in its likes)'),
    boosts: remoteAccounts.describe('Fediverse accounts that boosted (shared) the review'),
  }),
  'What accounts elsewhere in the fediverse did with a published review',
);
export type RemoteReactions = z.infer<typeof remoteReactionsSchema>;

/* ---- Likes (SPEC §7) ---- */

const entityIdMessage = `entityId must be a review _id, "c" + a comment id or "l" + a list id, with a number from 1 to ${DB_INT_MAX}`;
/** Ids are PostgreSQL integers: a numeric part past 2³¹−1 is bad input, never a query. Other text is simply not found. */
const entityIdInRange = (id: string) => {
  const digits = /^[cl]?(\d+)$/.exec(id)?.[1];
  return digits === undefined || Number(digits) <= DB_INT_MAX;
};
const entityIdDescription = 'A review’s `_id` ("12"), a comment’s `_id`, "c" + its id ("c7"), or a list’s `_id`, "l" + its id ("l3")';

/** GET /api/like/isliked/{entityId} */
export const likeEntityParamSchema = z.object({
  entityId: z.string().max(40, entityIdMessage).refine(entityIdInRange, entityIdMessage).describe(entityIdDescription),
});

/** POST /api/like: toggles, or sets the state when `liked` is given (a retry cannot flip it twice). No transform here: zod leaves the examples of a transforming schema out of the document. */
export const likeInputSchema = z
  .object({
    entityId: z
      .union([z.string().max(40, entityIdMessage), z.number()], { error: 'entityId is required' })
      .refine((id) => entityIdInRange(String(id)), entityIdMessage)
      .describe(`${entityIdDescription}; a review id may also be sent as a number`),
    liked: z.boolean({ error: 'liked must be true or false' }).optional().describe('Set this state instead of toggling'),
  })
  .meta({ examples: [{ entityId: '12' }, { entityId: 'c7', liked: true }, { entityId: 'l3' }] });
export type LikeInput = z.input<typeof likeInputSchema>;

export const likeStateSchema = named(
  'LikeState',
  z.object({ isLiked: z.boolean().describe('Whether the caller likes it now'), likes: z.number().int().min(0).describe('Its like count now') }),
  'SPEC §7: the state after POST /api/like',
);
export type LikeState = z.infer<typeof likeStateSchema>;

export const isLikedSchema = named('IsLiked', z.object({ isLiked: z.boolean() }), 'SPEC §7: whether the caller likes it');

/* ---- Follows ---- */

export const followStateSchema = named(
  'FollowState',
  z.object({
    isFollowing: z.boolean(),
    followers: z.number().int().min(0).describe('The member’s follower count now'),
    isRequested: z.boolean().optional().describe('True when the member is private: your follow waits for their approval'),
  }),
  'Whether the caller follows the member after the call',
);
export type FollowState = z.infer<typeof followStateSchema>;

export const userCardSchema = named(
  'UserCard',
  userRefSchema.extend({
    bio: z.string().nullable().describe('The first 160 characters or so of the bio, cut at a word'),
    followers: z.number().int().min(0),
    isFollowing: z.boolean().nullable().describe('Whether the caller follows them; null for visitors and for the caller themself'),
  }),
  'A person in a following or followers list',
) satisfies z.ZodType<UserCard>;

/* ---- Activity feed ---- */

const playStatus = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)])
  .nullable()
  .describe(`${PLAY_STATUS_DESCRIPTION}; null when not set`);
const reviewRef = z.object({ username: z.string(), slug: z.string() }).describe('The review: /u/{username}/reviews/{slug}');
const commentRef = z.object({ id: z.number().int(), excerpt: z.string().describe('The first 140 characters or so') });
const listRef = z.object({ username: z.string(), slug: z.string(), title: z.string() }).describe('The list: /u/{username}/lists/{slug}');

/** GET /api/activity: a page ends where the next one starts (`before`, from X-Next-Cursor). */
export const activityFeedQuerySchema = feedQuerySchema.extend({
  before: z.coerce
    .number({ error: 'before must be an activity id' })
    .int('before must be an activity id')
    .positive('before must be an activity id')
    .max(DB_INT_MAX, 'before must be an activity id')
    .optional()
    .describe('The X-Next-Cursor of the previous page; leave out for the newest'),
});

export const activityItemSchema = named(
  'ActivityItem',
  z.object({
    id: z.number().int().describe('The newest activity id of the group'),
    actor: userRefSchema,
    verbs: z
      .array(z.enum(['added', 'status', 'rated', 'reviewed', 'liked', 'commented', 'followed', 'played', 'created_list']))
      .describe('What the actor did, newest first: consecutive things one person did to one game come as one item'),
    createdAt: z.number().describe('Unix ms of the newest of them'),
    game: entryGameSchema.nullable(),
    review: reviewRef.nullable().describe('The actor’s own review (reviewed) or someone else’s (liked, commented)'),
    status: playStatus,
    rating: z.number().int().min(1).max(10).nullable().describe('1–10 (half stars) when the item includes a rating'),
    targetUser: userRefSchema.nullable().describe('Whom the actor followed'),
    comment: commentRef.nullable(),
    list: listRef.nullable().describe('The list the actor made (created_list), liked or commented on'),
  }),
  'One item of the activity feed',
) satisfies z.ZodType<ActivityItem>;

export const feedUnreadSchema = named(
  'FeedUnread',
  z.object({ unread: z.boolean().describe('Someone the caller follows did something since the caller last opened the feed') }),
  'SPEC §7 unread check',
);

/* ---- Notifications ---- */

const idsMessage = `Each notification id must be a number from 1 to ${DB_INT_MAX}`;

/** POST /api/notifications/read: these ids, or every notification when `ids` is left out. */
export const markReadInputSchema = z
  .object({
    ids: z
      .array(z.number({ error: idsMessage }).int(idsMessage).min(1, idsMessage).max(DB_INT_MAX, idsMessage), {
        error: 'ids must be a list of notification ids',
      })
      .max(200, 'ids must list at most 200 notifications')
      .optional()
      .describe('Notification ids to mark read; leave out to mark all'),
  })
  .meta({ examples: [{ ids: [41, 40] }, {}] });

export const notificationItemSchema = named(
  'Notification',
  z.object({
    id: z.number().int(),
    kind: z.enum(NOTIFICATION_KINDS),
    actor: userRefSchema.describe('Who did it (the moderator, for removals)'),
    createdAt: z.number().describe('Unix ms'),
    read: z.boolean(),
    review: reviewRef.extend({ gameName: z.string() }).nullable(),
    comment: commentRef.nullable(),
    list: listRef.nullable().describe('The caller’s list it is about (liked, or commented on), in place of a review'),
    message: z.string().nullable().describe('A moderator’s reason, for removals and rejected game submissions'),
    submission: z
      .object({ name: z.string(), game: z.object({ slug: z.string(), name: z.string() }).nullable().describe('Where the game is now: its page, or the catalog game it was merged into') })
      .nullable()
      .optional()
      .describe('The caller’s game submission it is about (submission_* kinds)'),
    game: z
      .object({ slug: z.string(), name: z.string(), releaseDate: z.number().nullable().describe('Unix seconds, as told') })
      .nullable()
      .optional()
      .describe('The wanted game a release alert is about (release_dated, released)'),
    remoteActor: remoteActorRefSchema.nullable().optional().describe('Set when an account elsewhere in the fediverse did it (a like, boost or reply; a follow request from there); `actor.username` is then its handle without the first @'),
  }),
  'Something another member did to the caller’s things',
) satisfies z.ZodType<NotificationItem>;

export const unreadCountSchema = named('UnreadCount', z.object({ unread: z.number().int().min(0).describe('Unread notifications') }));
