import type { ReportTargetType } from '@vgl/shared';
import { canSee, type Visibility } from '../audience/audience.policy.js';
import { audienceRepo } from '../audience/audience.repo.js';
import type { Conn } from '../library/library.columns.js';
import { listVisibility } from '../lists/lists.policy.js';
import type { UserRow } from '../users/users.repo.js';

/**
 * A reported thing as the reports need it, whatever its kind: who wrote it,
 * what it says, where it is, and whether a given member may see it. One
 * loader per kind, so the service never branches on the table.
 */
export interface ReportTarget {
  type: ReportTargetType;
  id: number;
  /** A member (id null: an account on another server, named by `remote`). */
  author: { id: number | null; username: string; avatar: string | null; state: UserRow['state'] };
  /** A remote reply's or account's actor (fed_reply, fed_actor): its id, handle and profile page, and whether it is suspended here. */
  remote?: { actorId: string; handle: string; url: string; row: number; suspended: boolean };
  /** What the queue shows: the text, a list's title and description, a member's bio. */
  excerpt: string;
  /** Names it in notifications and the audit log: "by alice on Celeste". */
  label: string;
  /** Null for an account on another server: `remote.url` links out. */
  link: string | null;
  hidden: boolean;
  /** Whether this member may see it now, moderation aside (reporting what one cannot see is a 404, as its page would be). */
  visibleTo(viewerId: number): boolean;
  /** The audience rules (audience module) it is read under besides: every gate must let the viewer through. */
  gates: AudienceGate[];
}

/**
 * One owner whose audience rules a target is read under: their blocks, their
 * private profile and the thing's visibility ('content'); only a block by them
 * ('profile': a member's page, whose name and bio a private profile still
 * shows); or a block either way ('author': a comment's writer, whose comments
 * a viewer blocked either way is not shown).
 */
export interface AudienceGate {
  ownerId: number;
  mode: 'content' | 'profile' | 'author';
  isPrivate?: boolean;
  visibility?: Visibility;
}

/** Whether the viewer passes every gate of the target (audience.policy canSee), as its page would let them read it. */
export async function audienceAllows(db: Conn, viewerId: number, target: ReportTarget): Promise<boolean> {
  for (const gate of target.gates) {
    if (gate.ownerId === viewerId) continue;
    if (gate.mode === 'author') {
      if (await audienceRepo.isBlockedEitherWay(db, viewerId, gate.ownerId)) return false;
      continue;
    }
    const relation = await audienceRepo.relation(db, viewerId, gate.ownerId);
    if (gate.mode === 'profile') {
      if (relation.blockedByOwner) return false;
      continue;
    }
    if (!canSee({ id: viewerId }, { id: gate.ownerId, is_private: gate.isPrivate ? 1 : 0 }, relation, gate.visibility ?? 'public')) return false;
  }
  return true;
}

const quote = (text: string, max = 60) => `“${text.length <= max ? text : `${text.slice(0, max).replace(/\s+\S*$/, '')}…`}”`;

async function review(db: Conn, id: number): Promise<ReportTarget | undefined> {
  const row = await db
    .selectFrom('library_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .innerJoin('games as g', 'g.id', 'e.game_id')
    .select(['e.id', 'e.user_id', 'e.review', 'e.review_slug', 'e.hidden_at', 'e.review_visibility', 'u.username', 'u.avatar', 'u.state', 'u.is_private', 'g.name as game_name'])
    .where('e.id', '=', id)
    .where('e.review', 'is not', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const hidden = row.hidden_at !== null;
  return {
    type: 'review',
    id: row.id,
    author: { id: row.user_id, username: row.username, avatar: row.avatar, state: row.state },
    excerpt: row.review ?? '',
    label: `by ${row.username} on ${row.game_name}`,
    link: `/u/${row.username}/reviews/${row.review_slug}`,
    hidden,
    visibleTo: (viewerId) => viewerId === row.user_id || (row.state === 'active' && !hidden),
    gates: [{ ownerId: row.user_id, mode: 'content', isPrivate: Number(row.is_private) === 1, visibility: row.review_visibility }],
  };
}

async function comment(db: Conn, id: number): Promise<ReportTarget | undefined> {
  const row = await db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('library_entries as e', 'e.id', 'c.entry_id')
    .leftJoin('users as eu', 'eu.id', 'e.user_id')
    .leftJoin('lists as l', 'l.id', 'c.list_id')
    .leftJoin('users as lu', 'lu.id', 'l.user_id')
    .select([
      'c.id',
      'c.user_id',
      'c.body',
      'c.hidden_at',
      'u.username',
      'u.avatar',
      'u.state',
      'e.review',
      'e.review_slug',
      'e.hidden_at as review_hidden_at',
      'e.review_visibility',
      'eu.id as review_user_id',
      'eu.username as review_username',
      'eu.state as review_user_state',
      'eu.is_private as review_user_private',
      'l.user_id as list_user_id',
      'l.slug as list_slug',
      'l.is_public',
      'l.followers_only',
      'l.hidden_at as list_hidden_at',
      'lu.username as list_username',
      'lu.state as list_user_state',
      'lu.is_private as list_user_private',
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const underList = row.list_slug !== null;
  const subjectVisible = (viewerId: number) =>
    underList
      ? row.list_user_id === viewerId || (row.list_hidden_at === null && row.list_user_state === 'active')
      : row.review !== null && row.review_user_state === 'active' && row.review_hidden_at === null;
  const hidden = row.hidden_at !== null;
  // The thread's owner's audience rules (their blocks, private profile, the review's or list's visibility), and the writer's blocks.
  const subjectGate: AudienceGate | null = underList
    ? row.list_user_id === null
      ? null
      : { ownerId: row.list_user_id, mode: 'content', isPrivate: Number(row.list_user_private) === 1, visibility: listVisibility({ user_id: row.list_user_id, is_public: Number(row.is_public), followers_only: Number(row.followers_only) }) }
    : row.review_user_id === null
      ? null
      : { ownerId: row.review_user_id, mode: 'content', isPrivate: Number(row.review_user_private) === 1, visibility: row.review_visibility ?? 'public' };
  return {
    type: 'comment',
    id: row.id,
    author: { id: row.user_id, username: row.username, avatar: row.avatar, state: row.state },
    excerpt: row.body,
    label: `by ${row.username} ${quote(row.body)}`,
    link: underList ? `/u/${row.list_username}/lists/${row.list_slug}` : `/u/${row.review_username}/reviews/${row.review_slug}`,
    hidden,
    visibleTo: (viewerId) => viewerId === row.user_id || (row.state === 'active' && !hidden && subjectVisible(viewerId)),
    gates: [{ ownerId: row.user_id, mode: 'author' }, ...(subjectGate ? [subjectGate] : [])],
  };
}

async function list(db: Conn, id: number): Promise<ReportTarget | undefined> {
  const row = await db
    .selectFrom('lists as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.user_id', 'l.slug', 'l.title', 'l.description', 'l.is_public', 'l.followers_only', 'l.hidden_at', 'u.username', 'u.avatar', 'u.state', 'u.is_private'])
    .where('l.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const hidden = row.hidden_at !== null;
  return {
    type: 'list',
    id: row.id,
    author: { id: row.user_id, username: row.username, avatar: row.avatar, state: row.state },
    excerpt: row.description ? `${row.title} — ${row.description}` : row.title,
    label: `${quote(row.title)} by ${row.username}`,
    link: `/u/${row.username}/lists/${row.slug}`,
    hidden,
    // Public, for followers or private: the gate's visibility (audience module).
    visibleTo: (viewerId) => viewerId === row.user_id || (row.state === 'active' && !hidden),
    gates: [{ ownerId: row.user_id, mode: 'content', isPrivate: Number(row.is_private) === 1, visibility: listVisibility(row) }],
  };
}

async function user(db: Conn, id: number): Promise<ReportTarget | undefined> {
  const row = await db.selectFrom('users').select(['id', 'username', 'avatar', 'state', 'bio']).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    type: 'user',
    id: row.id,
    author: { id: row.id, username: row.username, avatar: row.avatar, state: row.state },
    excerpt: row.bio ?? '',
    label: row.username,
    link: `/u/${row.username}`,
    hidden: false,
    visibleTo: (viewerId) => viewerId === row.id || row.state === 'active',
    gates: [{ ownerId: row.id, mode: 'profile' }],
  };
}

/** The remote account as the queue shows it: no member behind it, its handle in the author's place. */
async function remoteOf(db: Conn, actor: { id: number; actor_id: string; handle: string; profile_url: string | null }) {
  const suspended = await db.selectFrom('federation_account_suspensions').select('actor_id').where('actor_id', '=', actor.actor_id).executeTakeFirst();
  return {
    author: { id: null, username: actor.handle, avatar: null, state: suspended ? ('suspended' as const) : ('active' as const) },
    remote: { actorId: actor.actor_id, handle: actor.handle, url: actor.profile_url ?? actor.actor_id, row: actor.id, suspended: suspended !== undefined },
  };
}

/** A reply from another server under a review (federation_replies): read under the review owner's audience rules. */
async function fedReply(db: Conn, id: number): Promise<ReportTarget | undefined> {
  const row = await db
    .selectFrom('federation_replies as r')
    .innerJoin('federation_actors as a', 'a.id', 'r.actor')
    .innerJoin('library_entries as e', 'e.id', 'r.entry_id')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['r.id', 'r.body', 'r.hidden_at', 'a.id as actor', 'a.actor_id', 'a.handle', 'a.profile_url', 'e.user_id', 'e.review', 'e.review_slug', 'e.hidden_at as review_hidden_at', 'e.review_visibility', 'u.username', 'u.state', 'u.is_private'])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const hidden = row.hidden_at !== null;
  return {
    type: 'fed_reply',
    id: row.id,
    ...(await remoteOf(db, { id: row.actor, actor_id: row.actor_id, handle: row.handle, profile_url: row.profile_url })),
    excerpt: row.body,
    label: `by ${row.handle} ${quote(row.body)}`.slice(0, 200),
    link: `/u/${row.username}/reviews/${row.review_slug}`,
    hidden,
    visibleTo: (viewerId) => !hidden && row.review !== null && (viewerId === row.user_id || (row.state === 'active' && row.review_hidden_at === null)),
    gates: [{ ownerId: row.user_id, mode: 'content', isPrivate: Number(row.is_private) === 1, visibility: row.review_visibility ?? 'public' }],
  };
}

/** An account on another server (federation_actors): anyone who met it may report it. */
async function fedActor(db: Conn, id: number): Promise<ReportTarget | undefined> {
  const row = await db.selectFrom('federation_actors').select(['id', 'actor_id', 'handle', 'name', 'profile_url']).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    type: 'fed_actor',
    id: row.id,
    ...(await remoteOf(db, row)),
    excerpt: row.name ? `${row.name} (${row.handle})` : row.handle,
    label: row.handle.slice(0, 200),
    link: null,
    hidden: false,
    visibleTo: () => true,
    gates: [],
  };
}

const loaders: Record<ReportTargetType, (db: Conn, id: number) => Promise<ReportTarget | undefined>> = { review, comment, list, user, fed_reply: fedReply, fed_actor: fedActor };

export const reportTargetOf = (db: Conn, type: ReportTargetType, id: number) => loaders[type](db, id);
