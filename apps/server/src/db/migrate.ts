import { Migrator, type MigrationResult } from 'kysely';
import type { Db } from './database.js';
import { migrationsFor } from './migrations/index.js';

export interface MigrationReport {
  applied: string[];
  current: string | undefined;
}

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly results: MigrationResult[],
  ) {
    super(message);
    this.name = 'MigrationError';
  }
}

export async function migrateToLatest(db: Db): Promise<MigrationReport> {
  const migrations = migrationsFor(db.dialect);
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, results);
  }
  const names = Object.keys(migrations);
  return { applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName), current: names.at(-1) };
}
