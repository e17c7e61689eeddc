import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { emailKey, usernameKey, usersRepo, type UserRow } from '../modules/users/users.repo.js';

export const PASSWORD = 'Secret123';

let sequence = 0;
/** One hash of PASSWORD for every test user: a hash is ~45 ms of CPU, and suites create thousands. */
let passwordHash: Promise<string> | undefined;

/** A user straight in the database (active unless told otherwise), for tests that do not test sign-up. */
export async function createUser(db: Kysely<Database>, overrides: Partial<UserRow> = {}): Promise<UserRow> {
  sequence += 1;
  const username = overrides.username ?? `player${sequence}`;
  const email = overrides.email ?? `${username}@example.com`;
  const now = Date.now();
  return usersRepo.insert(db, {
    username,
    username_key: usernameKey(username),
    email,
    email_key: emailKey(email),
    password_hash: await (passwordHash ??= hashPassword(PASSWORD)),
    avatar: null,
    bio: null,
    suspended_reason: null,
    suspended_at: null,
    created_at: now,
    updated_at: now,
    activated_at: now,
    last_login_at: null,
    state: 'active',
    ...overrides,
  });
}

/** Logs in over HTTP and returns the token. */
export async function loginToken(app: FastifyInstance, identifier: string, password = PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The claims of a JWT, unverified (tests inspect what the client would decode). */
export const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/**
 * Fresh members signed in to one test app, for tests that call its API as
 * several people: `member()` makes one (prefix1, prefix2, …) and `call` sends
 * a request as one of them (or as a visitor).
 */
export function signedInMembers(app: () => { app: FastifyInstance; db: { kysely: Kysely<Database> } }, prefix: string) {
  const tokens = new Map<string, string>();
  let seq = 0;
  return {
    async member(overrides: Partial<UserRow> = {}): Promise<string> {
      seq += 1;
      const user = await createUser(app().db.kysely, { username: `${prefix}${seq}`, ...overrides });
      tokens.set(user.username, await loginToken(app().app, user.username));
      return user.username;
    },
    call: (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who?: string, payload?: object) =>
      app().app.inject({ method, url, headers: who ? bearer(tokens.get(who)!) : {}, ...(payload ? { payload } : {}) }),
  };
}
