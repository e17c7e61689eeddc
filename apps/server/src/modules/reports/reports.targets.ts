import type { ReportTargetType } from '@vgl/shared';
import type { Conn } from '../library/library.columns.js';
import type { UserRow } from '../users/users.repo.js';

/**
 * A reported thing as the reports need it, whatever its kind: who wrote it,
 * what it says, where it is, and whether a given member may see it. One
 * loader per kind, so the service never branches on the table.
 */
export interface ReportTarget {
  type: ReportTargetType;
  id: number;
  author: { id: number; username: string; avatar: string | null; state: UserRow['state'] };
  /** What the queue shows: the text, a list's title and description, a member's bio. */
  excerpt: string;
  /** Names it in notifications and the audit log: "by alice on Celeste". */
  label: string;
  link: string;
  hidden: boolean;
  /** Whether this member may see it now (reporting what one cannot see is a 404, as its page would be). */
  visibleTo(viewerId: number): boolean;
}

const quote = (text: string, max = 60) => `“${text.length <= max ? text : `${text.slice(0, max).replace(/\s+\S*$/, '')}…`}”`;

async function review(db: Conn, id: number): Promise<ReportTarget | undefined> {
  const row = await db
    .selectFrom('library_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .innerJoin('games as g', 'g.id', 'e.game_id')
    .select(['e.id', 'e.user_id', 'e.review', 'e.review_slug', 'e.hidden_at', 'u.username', 'u.avatar', 'u.state', 'g.name as game_name'])
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
      'eu.username as review_username',
      'eu.state as review_user_state',
      'l.user_id as list_user_id',
      'l.slug as list_slug',
      'l.is_public',
      'l.hidden_at as list_hidden_at',
      'lu.username as list_username',
      'lu.state as list_user_state',
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const underList = row.list_slug !== null;
  const subjectVisible = (viewerId: number) =>
    underList
      ? row.list_user_id === viewerId || (Number(row.is_public) === 1 && row.list_hidden_at === null && row.list_user_state === 'active')
      : row.review !== null && row.review_user_state === 'active' && row.review_hidden_at === null;
  const hidden = row.hidden_at !== null;
  return {
    type: 'comment',
    id: row.id,
    author: { id: row.user_id, username: row.username, avatar: row.avatar, state: row.state },
    excerpt: row.body,
    label: `by ${row.username} ${quote(row.body)}`,
    link: underList ? `/u/${row.list_username}/lists/${row.list_slug}` : `/u/${row.review_username}/reviews/${row.review_slug}`,
    hidden,
    visibleTo: (viewerId) => viewerId === row.user_id || (row.state === 'active' && !hidden && subjectVisible(viewerId)),
  };
}

async function list(db: Conn, id: number): Promise<ReportTarget | undefined> {
  const row = await db
    .selectFrom('lists as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.user_id', 'l.slug', 'l.title', 'l.description', 'l.is_public', 'l.hidden_at', 'u.username', 'u.avatar', 'u.state'])
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
    visibleTo: (viewerId) => viewerId === row.user_id || (row.state === 'active' && !hidden && Number(row.is_public) === 1),
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
  };
}

const loaders: Record<ReportTargetType, (db: Conn, id: number) => Promise<ReportTarget | undefined>> = { review, comment, list, user };

export const reportTargetOf = (db: Conn, type: ReportTargetType, id: number) => loaders[type](db, id);
