import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { ConfigError } from './config.js';
import { getMeta, setMeta } from './db/meta.js';
import type { Database } from './db/schema.js';

/**
 * Secrets generated into DATA_DIR (file names there). They are not in the
 * database, so a backup carries them beside it (cli/backup.secrets.ts):
 * restored without them, every session and token signed before is refused,
 * and every device's push subscription (bound to the VAPID key) is silenced.
 */
export const GENERATED_SECRET_FILES = ['jwt-secret', 'vapid-keys'] as const;

/**
 * The signing secret for tokens: JWT_SECRET when set, otherwise one generated
 * on first start and kept in DATA_DIR so tokens survive restarts.
 */
export function resolveJwtSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  // 'wx' so two processes starting at once cannot overwrite each other's secret.
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}

/**
 * app_meta: how the instances on one PostgreSQL database sign tokens:
 * `configured` (JWT_SECRET) or `generated:<sha256 of the generated secret>`
 * (a fingerprint of 48 random bytes; never the secret, never a hash of an
 * operator's JWT_SECRET, which could be a guessable phrase).
 */
export const JWT_SECRET_META_KEY = 'auth.jwt-secret';

/**
 * Instances that share a database must share the signing secret, or a token
 * one signs is refused by the next. A secret generated into one DATA_DIR
 * cannot be seen by an instance on another disk, so an instance whose
 * generated secret is not the one recorded refuses to start. One instance
 * alone on PostgreSQL still starts without any configuration. A configured
 * JWT_SECRET always wins (that is how an operator changes it).
 */
export async function agreeOnJwtSecret(k: Kysely<Database>, secret: string, { generated, dataDir }: { generated: boolean; dataDir: string }): Promise<void> {
  const recorded = await getMeta(k, JWT_SECRET_META_KEY);
  if (!generated) {
    if (recorded !== 'configured') await setMeta(k, JWT_SECRET_META_KEY, 'configured');
    return;
  }
  const mine = `generated:${createHash('sha256').update(secret).digest('hex')}`;
  if (recorded === undefined) return setMeta(k, JWT_SECRET_META_KEY, mine);
  if (recorded === mine) return;
  const who =
    recorded === 'configured'
      ? 'the instances on this PostgreSQL database sign tokens with the JWT_SECRET they were given, and it is not set here'
      : `another instance on this PostgreSQL database signs tokens with a secret it generated itself, not the one generated here (${path.join(dataDir, 'jwt-secret')})`;
  throw new ConfigError([`JWT_SECRET must be set: ${who}, so each would refuse the other's tokens. Set JWT_SECRET to the same value (at least 32 characters) on every instance.`]);
}
