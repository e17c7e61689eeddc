import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(here, '../../..');

/** The server package's version (apps/server/package.json), the same from src/ and dist/. */
export const VGL_VERSION = (JSON.parse(fs.readFileSync(path.resolve(here, '../package.json'), 'utf8')) as { version: string }).version;

/**
 * The commit this server was built from: VGL_COMMIT when the deployment
 * sets it (an image built without .git), else read from the checkout's .git
 * (HEAD, its ref, or packed-refs) without running git; null when neither
 * says. Read once at start.
 */
export function readCommit(env: NodeJS.ProcessEnv = process.env, repo = REPO): string | null {
  const given = env.VGL_COMMIT?.trim();
  if (given) return /^[0-9a-f]{7,40}$/i.test(given) ? given.slice(0, 12).toLowerCase() : null;
  try {
    const gitDir = path.join(repo, '.git');
    const head = fs.readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    const ref = /^ref: (.+)$/.exec(head)?.[1];
    if (!ref) return /^[0-9a-f]{40}$/.test(head) ? head.slice(0, 12) : null;
    const loose = path.join(gitDir, ref);
    if (fs.existsSync(loose)) return fs.readFileSync(loose, 'utf8').trim().slice(0, 12);
    const packed = fs.readFileSync(path.join(gitDir, 'packed-refs'), 'utf8');
    return new RegExp(`^([0-9a-f]{40}) ${ref.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm').exec(packed)?.[1]?.slice(0, 12) ?? null;
  } catch {
    return null;
  }
}

export const VGL_COMMIT = readCommit();
