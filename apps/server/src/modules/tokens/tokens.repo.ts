import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Conn = Kysely<Database>;
const COLUMNS = ['id', 'user_id', 'name', 'scope', 'hint', 'created_at', 'last_used_at'] as const;

export const tokensRepo = {
  listForUser: (k: Conn, userId: number) =>
    k.selectFrom('access_tokens').select(COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').execute(),

  async countForUser(k: Conn, userId: number): Promise<number> {
    const row = await k.selectFrom('access_tokens').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  insert: (k: Conn, row: { user_id: number; name: string; scope: 'read' | 'write'; token_hash: string; hint: string; created_at: number }) =>
    k.insertInto('access_tokens').values(row).returning(COLUMNS).executeTakeFirstOrThrow(),

  findByHash: (k: Conn, tokenHash: string) =>
    k.selectFrom('access_tokens').select(COLUMNS).where('token_hash', '=', tokenHash).executeTakeFirst(),

  async remove(k: Conn, userId: number, id: number): Promise<boolean> {
    const result = await k.deleteFrom('access_tokens').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  touch: (k: Conn, id: number, at: number) => k.updateTable('access_tokens').set({ last_used_at: at }).where('id', '=', id).execute(),
};

export type AccessTokenRow = Awaited<ReturnType<typeof tokensRepo.findByHash>> & {};
