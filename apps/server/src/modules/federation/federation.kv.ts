import type { KvKey, KvStore, KvStoreSetOptions } from '@fedify/fedify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** One text key per Fedify key (an array of strings): its JSON, unambiguous whatever the parts hold. */
const keyText = (key: KvKey) => JSON.stringify(key);

/**
 * Fedify's KvStore over the federation_kv table (0053), so what it caches
 * (remote actors' documents and keys) and remembers (inbox idempotence) is
 * shared by every instance on PostgreSQL and survives a restart. An expired
 * value reads as missing; expired rows are swept by `sweep`, at most once a
 * minute, on writes.
 */
export function databaseKvStore(k: Kysely<Database>, now: () => number = Date.now): KvStore {
  let sweptAt = 0;
  const sweep = async (at: number) => {
    if (at - sweptAt < 60_000) return;
    sweptAt = at;
    await k.deleteFrom('federation_kv').where('expires_at', '<=', at).execute();
  };
  return {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      const row = await k.selectFrom('federation_kv').select(['value', 'expires_at']).where('key', '=', keyText(key)).executeTakeFirst();
      if (!row || (row.expires_at !== null && Number(row.expires_at) <= now())) return undefined;
      return JSON.parse(row.value) as T;
    },
    async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
      const at = now();
      const expires_at = options?.ttl ? at + Math.round(options.ttl.total({ unit: 'millisecond' })) : null;
      const row = { key: keyText(key), value: JSON.stringify(value), expires_at };
      await k
        .insertInto('federation_kv')
        .values(row)
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, expires_at }))
        .execute();
      await sweep(at);
    },
    async delete(key: KvKey): Promise<void> {
      await k.deleteFrom('federation_kv').where('key', '=', keyText(key)).execute();
    },
  };
}
