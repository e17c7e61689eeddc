import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { loadWebPush } from './push.send.js';
import { ConfigError, type VapidKeys } from '../../config.js';
import { getMeta } from '../../db/meta.js';
import type { Database } from '../../db/schema.js';

/** The DATA_DIR file the generated pair is kept in (secrets.ts lists it, so backups carry it). */
export const VAPID_KEYS_FILE = 'vapid-keys';

/**
 * The VAPID key pair (RFC 8292) push is sent with: the operator's
 * (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY), otherwise one generated on first
 * start and kept in DATA_DIR, as the JWT secret is (secrets.ts). Every
 * browser subscription is bound to the public key: a new pair would silence
 * every device until it subscribes again, so it is made once.
 */
export function resolveVapidKeys(dataDir: string, configured: VapidKeys | undefined): VapidKeys {
  if (configured) return configured;
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  const existing = readKeys(file);
  if (existing) return existing;
  const keys = loadWebPush().generateVAPIDKeys();
  fs.mkdirSync(dataDir, { recursive: true });
  // 'wx' so two processes starting at once cannot overwrite each other's pair.
  try {
    fs.writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKeys(file) ?? keys;
    throw error;
  }
}

function readKeys(file: string): VapidKeys | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string') return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
    throw new ConfigError([`${file} is not a VAPID key pair: delete it to generate a new one (devices then turn push on again), or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (error instanceof SyntaxError) throw new ConfigError([`${file} is not a VAPID key pair: delete it to generate a new one, or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`]);
    throw error;
  }
}

/** app_meta: the pair the instances on one PostgreSQL database push with, when the operator set none. */
export const VAPID_META_KEY = 'push.vapid-keys';

/**
 * The pair to push with. Set by the operator: theirs. On SQLite: the one
 * generated into DATA_DIR (resolveVapidKeys). On PostgreSQL: the one the
 * database keeps, made by the first instance that needed it: instances must
 * push with one pair (a device subscribed through one instance refuses a
 * push another signed), and unlike the JWT secret this needs no operator
 * step: the pair protects nothing the database does not already hold (the
 * devices' endpoints and keys), so it is kept beside them and travels with
 * its backups. The insert that loses a race reads the winner's pair.
 */
export async function vapidKeysFor(config: { dataDir: string; push: { keys: VapidKeys | undefined } }, dialect: 'sqlite' | 'postgres', k: Kysely<Database>): Promise<VapidKeys> {
  if (config.push.keys) return config.push.keys;
  if (dialect === 'sqlite') return resolveVapidKeys(config.dataDir, undefined);
  const recorded = await getMeta(k, VAPID_META_KEY);
  if (!recorded) {
    const made = loadWebPush().generateVAPIDKeys();
    await k.insertInto('app_meta').values({ key: VAPID_META_KEY, value: JSON.stringify(made), updated_at: Date.now() }).onConflict((oc) => oc.column('key').doNothing()).execute();
  }
  const kept = JSON.parse((await getMeta(k, VAPID_META_KEY)) ?? 'null') as Partial<VapidKeys> | null;
  if (typeof kept?.publicKey !== 'string' || typeof kept.privateKey !== 'string') throw new ConfigError([`app_meta ${VAPID_META_KEY} is not a VAPID key pair: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`]);
  return { publicKey: kept.publicKey, privateKey: kept.privateKey };
}
