import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, TokenKind } from '../../db/schema.js';

type Conn = Kysely<Database> | Transaction<Database>;

/** How long each kind of mailed link works. */
export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  activation: 7 * 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
  email_change: 24 * 60 * 60 * 1000,
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Issues a random single-use token; only its hash is stored. Older tokens of the same kind stop working. */
export async function issueToken(db: Conn, userId: number, kind: TokenKind, payload: string | null = null, now = Date.now()) {
  const token = randomBytes(32).toString('base64url');
  await db.deleteFrom('user_tokens').where('user_id', '=', userId).where('kind', '=', kind).execute();
  await db
    .insertInto('user_tokens')
    .values({ user_id: userId, kind, token_hash: sha256(token), payload, expires_at: now + TOKEN_TTL_MS[kind], created_at: now })
    .execute();
  return token;
}

/** Uses a token once: returns its user and payload, or null when unknown, used, expired or of another kind. */
export async function consumeToken(db: Conn, token: string, kind: TokenKind, now = Date.now()) {
  const row = await db
    .selectFrom('user_tokens')
    .select(['id', 'user_id', 'payload', 'expires_at', 'used_at'])
    .where('token_hash', '=', sha256(token))
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= now) return null;
  // The used_at check in the update makes two simultaneous uses impossible.
  const claimed = await db
    .updateTable('user_tokens')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;
  return { userId: row.user_id, payload: row.payload };
}
