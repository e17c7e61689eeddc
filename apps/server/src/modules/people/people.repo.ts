import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { MemberSort } from '@vgl/shared';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

type K = Kysely<Database>;

/** The columns a member card is made from. */
export interface MemberRow {
  id: number;
  username: string;
  avatar: string | null;
  bio: string | null;
  followers_count: number;
}

const cardColumns = ['u.id', 'u.username', 'u.avatar', 'u.bio', 'u.followers_count'] as const;

/** Above every character a username key may hold ([a-z0-9_]): "ann" ≤ key < "ann\x7f" is every key that starts with "ann". */
const PAST_USERNAME_CHARS = '\x7f';

/** LIKE's wildcards taken literally ("_" is common in usernames), with the escape named in the query. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Member search, directory and "people you may know". Only active members
 * are ever listed: pending and suspended accounts have no public page.
 */
export function peopleRepo(k: K, dialect: Dialect) {
  // PostgreSQL compares in byte order only through the index of migration 0039; SQLite's own index already is.
  const key: RawBuilder<string> = dialect === 'postgres' ? sql<string>`u.username_key collate "C"` : sql<string>`u.username_key`;
  const startsWith = (prefix: string) => sql<boolean>`(${key} >= ${prefix} and ${key} < ${prefix + PAST_USERNAME_CHARS})`;
  const containsLater = (part: string) =>
    sql<boolean>`(u.username_key like ${`%_${likeLiteral(part)}%`} escape '\\' and not ${startsWith(part)})`;

  const active = () => k.selectFrom('users as u').where('u.state', '=', 'active');

  /** Matching members: the exact name first, then the most followed (then by name, so pages are stable). */
  const ranked = (match: RawBuilder<boolean>, exact: string, limit: number, offset: number) =>
    active()
      .where(match)
      .select([...cardColumns])
      .orderBy(sql`case when u.username_key = ${exact} then 0 else 1 end`)
      .orderBy('u.followers_count', 'desc')
      .orderBy('u.username_key')
      .limit(limit)
      .offset(offset)
      .execute();
  const count = async (match: RawBuilder<boolean>) => Number((await active().where(match).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);

  return {
    /**
     * Members whose username starts with `part` (the exact name first, then
     * the most followed), then those that contain it further on. The first
     * tier reads the username index; the second has no index to read in
     * either database (infix) and goes through the active members' keys.
     */
    async search(part: string, limit: number, offset: number): Promise<{ rows: MemberRow[]; total: number }> {
      const [prefixTotal, laterTotal] = await Promise.all([count(startsWith(part)), count(containsLater(part))]);
      const rows: MemberRow[] = [];
      if (offset < prefixTotal) rows.push(...(await ranked(startsWith(part), part, limit, offset)));
      if (rows.length < limit && laterTotal > 0) rows.push(...(await ranked(containsLater(part), part, limit - rows.length, Math.max(0, offset - prefixTotal))));
      return { rows, total: prefixTotal + laterTotal };
    },

    /** Every active member, the most recently active (by their newest activity) or the most followed first. */
    async directory(sort: MemberSort, limit: number, offset: number): Promise<{ rows: MemberRow[]; total: number }> {
      const columns = active().select([...cardColumns]);
      const page =
        sort === 'followers'
          ? columns.orderBy('u.followers_count', 'desc').orderBy('u.id', 'desc')
          : // A member's newest activity is their first row in activities_actor; the silent ones come last, newest accounts first.
            columns.orderBy(sql`coalesce((select max(a.id) from activities a where a.actor_id = u.id), 0)`, 'desc').orderBy('u.id', 'desc');
      const [rows, total] = await Promise.all([
        page.limit(limit).offset(offset).execute(),
        active()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /**
     * Members followed by the (active) members `userId` follows, whom they do
     * not follow yet, ranked by how many of their follows follow them.
     */
    async mayKnow(userId: number, limit: number): Promise<(MemberRow & { mutuals: number })[]> {
      const rows = await k
        .selectFrom('follows as mine')
        .innerJoin('users as via', (j) => j.onRef('via.id', '=', 'mine.followee_id').on('via.state', '=', 'active'))
        .innerJoin('follows as theirs', 'theirs.follower_id', 'mine.followee_id')
        .innerJoin('users as u', 'u.id', 'theirs.followee_id')
        .where('mine.follower_id', '=', userId)
        .where('u.state', '=', 'active')
        .where('u.id', '<>', userId)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('follows as already').select('already.followee_id').where('already.follower_id', '=', userId).whereRef('already.followee_id', '=', 'u.id'))))
        .groupBy([...cardColumns])
        .select([...cardColumns])
        .select((eb) => eb.fn.countAll<number>().as('mutuals'))
        .orderBy('mutuals', 'desc')
        .orderBy('u.followers_count', 'desc')
        .orderBy('u.id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, mutuals: Number(r.mutuals) }));
    },

    /** How many games each of `ids` has in their library. */
    async gameCounts(ids: number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await k
        .selectFrom('library_entries')
        .where('user_id', 'in', ids)
        .groupBy('user_id')
        .select('user_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .execute();
      return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
    },
  };
}

export type PeopleRepo = ReturnType<typeof peopleRepo>;
