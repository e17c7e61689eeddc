import type { Migration } from 'kysely';
import * as m0001 from './0001_app_meta.js';

/**
 * Every migration, in order. A static list (not a folder scan) so the compiled
 * server and the tests run exactly the same set. Never edit a landed migration:
 * add the next number.
 */
export const migrations: Record<string, Migration> = {
  '0001_app_meta': m0001,
};
