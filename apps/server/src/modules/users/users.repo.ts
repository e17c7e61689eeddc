import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { preparedFirst } from '../../db/prepared.js';
import type { Database, UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;
type Conn = Kysely<Database> | Transaction<Database>;

/** Lower-cased forms that make usernames and e-mails unique regardless of case. */
export const usernameKey = (username: string) => username.trim().toLowerCase();
export const emailKey = (email: string) => email.trim().toLowerCase();

async function isTaken(db: Conn, column: 'username_key' | 'email_key', key: string, exceptUserId?: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(column, '=', key)
    .$if(exceptUserId !== undefined, (q) => q.where('id', '!=', exceptUserId!))
    .executeTakeFirst();
  return row !== undefined;
}

// Asked for on nearly every request (the signed-in member, a profile's owner): compiled once.
const userById = preparedFirst((db, v: { id: number }) => db.selectFrom('users').selectAll().where('id', '=', v.id));
const userByUsernameKey = preparedFirst((db, v: { key: string }) => db.selectFrom('users').selectAll().where('username_key', '=', v.key));
const userByEmailKey = preparedFirst((db, v: { key: string }) => db.selectFrom('users').selectAll().where('email_key', '=', v.key));

export const usersRepo = {
  findById: (db: Conn, id: number) => userById(db, { id }),

  findByUsername: (db: Conn, username: string) => userByUsernameKey(db, { key: usernameKey(username) }),

  findByEmail: (db: Conn, email: string) => userByEmailKey(db, { key: emailKey(email) }),

  /** By e-mail when the identifier looks like one, otherwise by username. */
  findByIdentifier: (db: Conn, identifier: string) =>
    identifier.includes('@') ? usersRepo.findByEmail(db, identifier) : usersRepo.findByUsername(db, identifier),

  /** Whether another account (not exceptUserId) already uses this username. */
  isUsernameTaken: (db: Conn, username: string, exceptUserId?: number) =>
    isTaken(db, 'username_key', usernameKey(username), exceptUserId),

  /** Whether another account (not exceptUserId) already uses this e-mail address. */
  isEmailTaken: (db: Conn, email: string, exceptUserId?: number) => isTaken(db, 'email_key', emailKey(email), exceptUserId),

  insert: (db: Conn, user: Insertable<UsersTable>) =>
    db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow(),

  update: (db: Conn, id: number, changes: Updateable<UsersTable>) =>
    db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

  countAdmins: async (db: Conn) =>
    Number((await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('role', '=', 'admin').executeTakeFirstOrThrow()).n),
};
