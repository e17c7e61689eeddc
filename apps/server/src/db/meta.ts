import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Instance-wide facts in app_meta (sync cursors, …). */
export async function getMeta(k: Kysely<Database>, key: string): Promise<string | undefined> {
  return (await k.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

export async function setMeta(k: Kysely<Database>, key: string, value: string): Promise<void> {
  await k
    .insertInto('app_meta')
    .values({ key, value, updated_at: Date.now() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: Date.now() }))
    .execute();
}
