import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { usernameKey } from './users.repo.js';

type Conn = Kysely<Database> | Transaction<Database>;

/** Longer than any username can be (SPEC §5): not worth a query. */
const MAX_USERNAME_LENGTH = 16;

/**
 * Former usernames (0020): after a rename, links to /u/{old-name} lead to
 * the member under their current name, until someone else takes the name.
 */
export const usernameHistoryRepo = {
  /** `formerKey` now leads to this member, whoever it led to before. */
  record: (db: Conn, formerKey: string, userId: number, at: number) =>
    db
      .insertInto('username_history')
      .values({ username_key: formerKey, user_id: userId, changed_at: at })
      .onConflict((oc) => oc.column('username_key').doUpdateSet({ user_id: userId, changed_at: at }))
      .execute(),

  /** Someone (a new sign-up, a rename, the same member renaming back) has this name now: it no longer leads elsewhere. */
  release: (db: Conn, username: string) => db.deleteFrom('username_history').where('username_key', '=', usernameKey(username)).execute(),

  /**
   * The current username of the active member who was called `name`, or
   * undefined. A name somebody holds now is theirs, whatever the history
   * says (accounts made outside sign-up, such as seed:demo's, never release).
   */
  async currentNameFor(db: Conn, name: string): Promise<string | undefined> {
    const key = usernameKey(name);
    if (!key || key.length > MAX_USERNAME_LENGTH) return undefined;
    const row = await db
      .selectFrom('username_history as h')
      .innerJoin('users as u', 'u.id', 'h.user_id')
      .select('u.username')
      .where('h.username_key', '=', key)
      .where('u.state', '=', 'active')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('users').select('id').where('username_key', '=', key))))
      .executeTakeFirst();
    return row?.username;
  },
};
