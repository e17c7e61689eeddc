import type { CliIO } from '../cli/commands.js';
import type { TestDatabase } from './databases.js';

/** A CliIO that keeps what a command printed, line by line. */
export function captureIO(): { io: CliIO; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

/** The environment that points the CLI at a test database. */
export const envFor = (database: TestDatabase) => ({
  DATA_DIR: database.dataDir,
  ...(database.config.kind === 'postgres' ? { DATABASE_URL: database.config.url } : {}),
});
