import type { CliIO } from '../cli/commands.js';
import type { TestDatabase } from './databases.js';

/**
 * A CliIO that keeps what a command printed, line by line; `passwords` are
 * what the person types (or pipes), one per question, and `asked` notes each
 * question and whether it was read from stdin.
 */
export function captureIO(passwords: string[] = []): { io: CliIO; out: string[]; err: string[]; asked: { prompt: string; fromStdin: boolean }[] } {
  const out: string[] = [];
  const err: string[] = [];
  const asked: { prompt: string; fromStdin: boolean }[] = [];
  const password = async (prompt: string, fromStdin: boolean) => {
    asked.push({ prompt, fromStdin });
    const next = passwords.shift();
    if (next === undefined) throw new Error('no password left to type');
    return next;
  };
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l), password }, out, err, asked };
}

/** The environment that points the CLI at a test database. */
export const envFor = (database: TestDatabase) => ({
  DATA_DIR: database.dataDir,
  ...(database.config.kind === 'postgres' ? { DATABASE_URL: database.config.url } : {}),
});
