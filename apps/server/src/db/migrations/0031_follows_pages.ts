import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A member's followers, newest first, counted as the list shows them (active
 * accounts only). Sorting on the users' id after the date made every page sort
 * all followers, and counting joined each follower to check its account:
 * 12–16 ms a page for 4,099 followers, ~5× that for the most followed of
 * bench:social's 100k members. The page now walks (followee, date, follower);
 * the total is the stored followers_count less the follows of accounts that are
 * not active, found through 0007's partial index of those few accounts
 * (users_not_active; the query names `state <> 'active'` literally, so
 * SQLite can use it).
 */
export const followsPagesMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await sql`drop index follows_followee`.execute(db);
    await sql`create index follows_followee on follows (followee_id, created_at desc, follower_id desc)`.execute(db);
    await sql`create index follows_follower on follows (follower_id, created_at desc, followee_id desc)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index follows_follower`.execute(db);
    await sql`drop index follows_followee`.execute(db);
    await sql`create index follows_followee on follows (followee_id, created_at desc)`.execute(db);
  },
});
