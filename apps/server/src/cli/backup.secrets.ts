import fs from 'node:fs';
import path from 'node:path';
import { GENERATED_SECRET_FILES } from '../secrets.js';

/**
 * The secrets VGL generated into DATA_DIR travel beside a backup, in
 * `<backup>.secrets` (JSON, readable by its owner only): the database alone
 * does not bring back the sessions and tokens signed before it.
 */
export const secretsFileOf = (backup: string) => `${backup}.secrets`;

interface SecretsFile {
  vgl: 'generated-secrets';
  /** DATA_DIR file name → its content. */
  files: Record<string, string>;
}

/** Writes DATA_DIR's generated secrets beside the backup; null when there are none (JWT_SECRET set, or never started). */
export function writeSecretsBeside(backup: string, dataDir: string): string | null {
  const files: Record<string, string> = {};
  for (const name of GENERATED_SECRET_FILES) {
    const file = path.join(dataDir, name);
    if (fs.existsSync(file)) files[name] = fs.readFileSync(file, 'utf8');
  }
  if (Object.keys(files).length === 0) return null;
  const target = secretsFileOf(backup);
  const content: SecretsFile = { vgl: 'generated-secrets', files };
  fs.writeFileSync(target, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return target;
}

/** The secrets beside a backup: undefined when there is no such file; throws with a plain message when it is not one. */
export function readSecretsBeside(backup: string): SecretsFile | undefined {
  const file = secretsFileOf(backup);
  if (!fs.existsSync(file)) return undefined;
  let parsed: Partial<SecretsFile>;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<SecretsFile>;
  } catch {
    parsed = {};
  }
  const known = new Set<string>(GENERATED_SECRET_FILES);
  if (parsed.vgl !== 'generated-secrets' || typeof parsed.files !== 'object' || parsed.files === null || !Object.entries(parsed.files).every(([k, v]) => known.has(k) && typeof v === 'string')) {
    throw new Error(`${file} is not the secrets file of a VGL backup.`);
  }
  return parsed as SecretsFile;
}

/**
 * Puts the backup's secrets back into DATA_DIR, each replaced file kept as
 * `<name>.replaced-<stamp>`; each file is written whole before it takes the
 * old one's place. Returns the paths written.
 */
export function restoreSecrets(secrets: SecretsFile, dataDir: string, stamp: string): string[] {
  fs.mkdirSync(dataDir, { recursive: true });
  return Object.entries(secrets.files).map(([name, content]) => {
    const file = path.join(dataDir, name);
    const incoming = `${file}.restoring-${process.pid}`;
    fs.writeFileSync(incoming, content, { mode: 0o600 });
    if (fs.existsSync(file)) fs.renameSync(file, `${file}.replaced-${stamp}`);
    fs.renameSync(incoming, file);
    return file;
  });
}

/** "2026-11-27T17-20-05Z": a file-name-safe time for what a restore sets aside. */
export const restoreStamp = (now = new Date()) => now.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
