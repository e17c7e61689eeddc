import type { Kysely } from 'kysely';
import { preparedFirst } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';

type Conn = Kysely<Database>;

/** Asked on every signed-in request: compiled once. */
const revokedRow = preparedFirst((db, v: { jti: string }) => db.selectFrom('revoked_sessions').select('jti').where('jti', '=', v.jti));

/** Session tokens ended before their expiry ("Log out"); a row lives until the token would have expired. */
export const sessionsRepo = {
  async isRevoked(k: Conn, jti: string): Promise<boolean> {
    return (await revokedRow(k, { jti })) !== undefined;
  },

  async revoke(k: Conn, jti: string, expiresAt: number, now: number): Promise<void> {
    await k.insertInto('revoked_sessions').values({ jti, expires_at: expiresAt }).onConflict((oc) => oc.column('jti').doNothing()).execute();
    // Rows of tokens that have expired anyway are no longer needed: the index makes this a small range delete.
    await k.deleteFrom('revoked_sessions').where('expires_at', '<', now).execute();
  },
};
