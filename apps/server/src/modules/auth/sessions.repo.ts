import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Conn = Kysely<Database>;

/** Session tokens ended before their expiry ("Log out"); a row lives until the token would have expired. */
export const sessionsRepo = {
  async isRevoked(k: Conn, jti: string): Promise<boolean> {
    return (await k.selectFrom('revoked_sessions').select('jti').where('jti', '=', jti).executeTakeFirst()) !== undefined;
  },

  async revoke(k: Conn, jti: string, expiresAt: number, now: number): Promise<void> {
    await k.insertInto('revoked_sessions').values({ jti, expires_at: expiresAt }).onConflict((oc) => oc.column('jti').doNothing()).execute();
    // Rows of tokens that have expired anyway are no longer needed: the index makes this a small range delete.
    await k.deleteFrom('revoked_sessions').where('expires_at', '<', now).execute();
  },
};
