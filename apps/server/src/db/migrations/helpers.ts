import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../database.js';

/** An auto-numbered integer primary key named "id", in each dialect's own way. */
export function withId<T extends string>(dialect: Dialect) {
  return (table: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
