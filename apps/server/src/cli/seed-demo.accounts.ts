import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { emailKey, usernameKey, usersRepo, type UserRow } from '../modules/users/users.repo.js';
import { DAY, type Random } from './seed-demo.plan.js';
import { DEMO_BIO_PREFIX, DEMO_EMAIL_DOMAIN, DEMO_PERSONAS, DEMO_USERNAME_PREFIX } from './seed-demo.text.js';

// The demo accounts: clearly marked (is_demo, demo_* names, a bio that says so) and impossible to sign into.

export const demoUsername = (name: string) => `${DEMO_USERNAME_PREFIX}${name}`;

/** One account per persona, each joined a few days to two weeks before the demo starts. */
export async function createAccounts(db: Db, random: Random, start: number): Promise<UserRow[]> {
  const accounts: UserRow[] = [];
  for (const persona of DEMO_PERSONAS) {
    const username = demoUsername(persona.name);
    const email = `${username}@${DEMO_EMAIL_DOMAIN}`;
    const joined = start - random.between(DAY, 14 * DAY);
    accounts.push(
      await usersRepo.insert(db.kysely, {
        username,
        username_key: usernameKey(username),
        email,
        email_key: emailKey(email),
        // Nobody knows this password, and the address cannot receive a reset link: the account cannot be signed into.
        password_hash: await hashPassword(randomBytes(32).toString('base64url')),
        avatar: null,
        bio: `${DEMO_BIO_PREFIX}${persona.about}`,
        suspended_reason: null,
        suspended_at: null,
        created_at: joined,
        updated_at: joined,
        activated_at: joined,
        last_login_at: null,
        state: 'active',
        is_demo: 1,
      }),
    );
  }
  return accounts;
}

/** Deletes the demo accounts and everything they wrote; returns how many accounts went. */
export async function removeDemo(db: Db): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const demo = (await trx.selectFrom('users').select('id').where('is_demo', '=', 1).execute()).map((r) => r.id);
    if (demo.length === 0) return 0;
    // Real people who followed a demo account keep a right "following" count.
    const followers = await trx.selectFrom('follows').select('follower_id').distinct().where('followee_id', 'in', demo).where('follower_id', 'not in', demo).execute();
    await trx.deleteFrom('users').where('id', 'in', demo).execute();
    for (const { follower_id } of followers) {
      await trx
        .updateTable('users')
        .set((eb) => ({ following_count: eb.selectFrom('follows').select((f) => f.fn.countAll<number>().as('n')).where('follower_id', '=', follower_id) }))
        .where('id', '=', follower_id)
        .execute();
    }
    return demo.length;
  });
}
