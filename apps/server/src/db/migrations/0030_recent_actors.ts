import { sql } from 'kysely';
import type { Dialect } from '../database.js';
import { concurrentIndexes } from './helpers.js';

/**
 * The dashboard's "active this week" asks who acted since a date. Per account,
 * "has an activity since" scanned all of its activities (the actor index is
 * ordered by id, not time): 0.5 s of synchronous SQLite at 10k accounts and
 * 500k activities, every time the overview opened. By time, the week's rows are
 * read once, and only they.
 *
 * Built concurrently (issue 35): activities is the biggest table members write
 * to, and a plain build held off their writes, the previous release's during
 * an upgrade included, for as long as it took.
 */
export const recentActorsMigration = (dialect: Dialect) =>
  concurrentIndexes(dialect, [
    { name: 'activities_created_actor', on: sql`on activities (created_at, actor_id)` },
    { name: 'comments_created_user', on: sql`on comments (created_at, user_id)` },
  ]);
