import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Conn } from '../library/library.columns.js';

const inviteColumns = ['invites.id', 'invites.code', 'invites.created_by', 'invites.max_uses', 'invites.uses', 'invites.expires_at', 'invites.revoked_at', 'invites.created_at'] as const;

export const registrationRepo = {
  /** The mode and member-invites switch an admin set, as stored (undefined: never set). */
  async storedSettings(k: Kysely<Database>, keys: readonly string[]): Promise<Map<string, string>> {
    const rows = await k.selectFrom('app_meta').select(['key', 'value']).where('key', 'in', [...keys]).execute();
    return new Map(rows.map((r) => [r.key, r.value]));
  },

  async storeSetting(k: Conn, key: string, value: string, at: number): Promise<void> {
    await k
      .insertInto('app_meta')
      .values({ key, value, updated_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
      .execute();
  },

  /** Accounts waiting for a moderator, oldest first. */
  waiting: (k: Conn) =>
    k
      .selectFrom('users')
      .select(['id', 'username', 'email', 'awaiting_approval_since'])
      .where('state', '=', 'pending')
      .where('awaiting_approval_since', 'is not', null)
      .orderBy('awaiting_approval_since')
      .orderBy('id')
      .limit(200)
      .execute(),

  /** Ends the wait of a pending account; false when it was not waiting (decided meanwhile, or never). */
  async admit(k: Conn, id: number, at: number): Promise<boolean> {
    const res = await k
      .updateTable('users')
      .set({ awaiting_approval_since: null, updated_at: at })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where('awaiting_approval_since', 'is not', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  async deleteWaiting(k: Conn, id: number): Promise<boolean> {
    const res = await k.deleteFrom('users').where('id', '=', id).where('state', '=', 'pending').where('awaiting_approval_since', 'is not', null).executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  },

  insertInvite: (k: Conn, values: { code: string; created_by: number; max_uses: number; expires_at: number | null; created_at: number }) =>
    k.insertInto('invites').values(values).returningAll().executeTakeFirstOrThrow(),

  findInviteByCode: (k: Conn, code: string) => k.selectFrom('invites').select(inviteColumns).where('code', '=', code).executeTakeFirst(),

  findInvite: (k: Conn, id: number) => k.selectFrom('invites').select(inviteColumns).where('id', '=', id).executeTakeFirst(),

  /** A member's invites (or, with null, everyone's for an admin), newest first, with their creator's name. */
  listInvites: (k: Conn, createdBy: number | null) =>
    k
      .selectFrom('invites')
      .innerJoin('users', 'users.id', 'invites.created_by')
      .select([...inviteColumns, 'users.username'])
      .$if(createdBy !== null, (q) => q.where('invites.created_by', '=', createdBy!))
      .orderBy('invites.created_at', 'desc')
      .orderBy('invites.id', 'desc')
      .limit(200)
      .execute(),

  countUsable: async (k: Conn, createdBy: number, at: number) =>
    Number(
      (
        await k
          .selectFrom('invites')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('created_by', '=', createdBy)
          .where('revoked_at', 'is', null)
          .whereRef('uses', '<', 'max_uses')
          .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /**
   * Takes one use of a usable invite: one guarded update, so of sign-ups
   * racing for its last use exactly one gets it (PostgreSQL re-checks the
   * condition on the row the winner committed; SQLite writes one at a time).
   */
  async takeUse(k: Conn, code: string, at: number): Promise<boolean> {
    const res = await k
      .updateTable('invites')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('code', '=', code)
      .where('revoked_at', 'is', null)
      .whereRef('uses', '<', 'max_uses')
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  revokeInvite: (k: Conn, id: number, at: number) => k.updateTable('invites').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute(),
};

export interface InviteRow {
  id: number;
  code: string;
  created_by: number;
  max_uses: number;
  uses: number;
  expires_at: number | null;
  revoked_at: number | null;
  created_at: number;
}
