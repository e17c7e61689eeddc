import type { Kysely } from 'kysely';
import { preparedFirst } from './prepared.js';
import type { Database } from './schema.js';

/** Instance-wide facts in app_meta (sync cursors, …). */
/** Read on many requests (the catalog's version keys the kept browse totals): compiled once. */
const metaValue = preparedFirst((db, v: { key: string }) => db.selectFrom('app_meta').select('value').where('key', '=', v.key));

export async function getMeta(k: Kysely<Database>, key: string): Promise<string | undefined> {
  return (await metaValue(k, { key }))?.value;
}

export async function setMeta(k: Kysely<Database>, key: string, value: string): Promise<void> {
  await k
    .insertInto('app_meta')
    .values({ key, value, updated_at: Date.now() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: Date.now() }))
    .execute();
}
