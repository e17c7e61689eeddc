import type { Conn } from '../library/library.repo.js';

export const memberPlatformsRepo = {
  /** The member's platforms as Settings lists them, by name. */
  list: (db: Conn, userId: number) =>
    db
      .selectFrom('member_platforms as m')
      .innerJoin('platforms as p', 'p.id', 'm.platform_id')
      .select(['p.id', 'p.slug', 'p.name', 'p.abbreviation'])
      .where('m.user_id', '=', userId)
      .orderBy('p.name')
      .execute(),

  /** Which of these ids name a platform of the catalog. */
  async existing(db: Conn, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    return new Set((await db.selectFrom('platforms').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
  },

  /** The whole set replaced at once (in the caller's transaction): two saves at once leave one of them, never a mix. */
  async replace(db: Conn, userId: number, ids: number[]): Promise<void> {
    await db.deleteFrom('member_platforms').where('user_id', '=', userId).execute();
    if (ids.length) await db.insertInto('member_platforms').values(ids.map((platform_id) => ({ user_id: userId, platform_id }))).execute();
  },

  /** Whether the member named any platform. */
  namedAny: async (db: Conn, userId: number) => (await db.selectFrom('member_platforms').select('platform_id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined,

  /** The platforms of each of these members (members who named none are absent). */
  async ownedBy(db: Conn, userIds: number[]): Promise<Map<number, Set<number>>> {
    const out = new Map<number, Set<number>>();
    if (userIds.length === 0) return out;
    for (const row of await db.selectFrom('member_platforms').select(['user_id', 'platform_id']).where('user_id', 'in', userIds).execute()) {
      if (!out.has(row.user_id)) out.set(row.user_id, new Set());
      out.get(row.user_id)!.add(row.platform_id);
    }
    return out;
  },
};
