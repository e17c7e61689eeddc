import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import { ConfigError, type VapidKeys } from '../../config.js';
import { getMeta, setMeta } from '../../db/meta.js';
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
  const keys = webpush.generateVAPIDKeys();
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

/** app_meta: the public key the instances on one PostgreSQL database push with (a public key: kept as it is). */
export const VAPID_META_KEY = 'push.vapid-public-key';

/**
 * Instances that share a database must push with one pair: a subscription
 * made through one instance is refused by push services when another signs
 * for it. So, as for the JWT secret, an instance whose generated pair is not
 * the recorded one refuses to start; a configured pair always wins (that is
 * how an operator changes it).
 */
export async function agreeOnVapidKeys(k: Kysely<Database>, keys: VapidKeys, { generated, dataDir }: { generated: boolean; dataDir: string }): Promise<void> {
  const recorded = await getMeta(k, VAPID_META_KEY);
  if (recorded === keys.publicKey) return;
  if (!generated || recorded === undefined) return setMeta(k, VAPID_META_KEY, keys.publicKey);
  throw new ConfigError([
    `VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set: the instances on this PostgreSQL database push with another key pair than the one generated here (${path.join(dataDir, VAPID_KEYS_FILE)}). Set both to the same pair on every instance (npx web-push generate-vapid-keys).`,
  ]);
}
