import type { Db } from '../db/database.js';
import { usernameKey } from '../modules/users/users.repo.js';
import { createAccounts, demoUsername, removeDemo } from './seed-demo.accounts.js';
import { replayDemoActivity } from './seed-demo.activity.js';
import { DAY, MIN_GAMES, MINUTE, planEntries, popularGames, randomSource } from './seed-demo.plan.js';
import { DEMO_PERSONAS } from './seed-demo.text.js';

/** The demo happens over the last six weeks. */
export const DEMO_WEEKS = 6;

export class DemoSeedError extends Error {}

export interface DemoCounts {
  accounts: number;
  entries: number;
  reviews: number;
  featured: number;
  diary: number;
  follows: number;
  likes: number;
  comments: number;
}

export type DemoResult = { created: false; accounts: number } | { created: true; counts: DemoCounts };

/** Counts of what the demo accounts own and did. */
export async function demoCounts(db: Db): Promise<DemoCounts> {
  const k = db.kysely;
  const demoIds = k.selectFrom('users').select('id').where('is_demo', '=', 1);
  const count = async (query: { executeTakeFirst(): Promise<{ n: unknown } | undefined> }) => Number((await query.executeTakeFirst())?.n ?? 0);
  const [accounts, entries, reviews, featured, diary, follows, reviewLikes, commentLikes, comments] = await Promise.all([
    count(k.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('is_demo', '=', 1)),
    count(k.selectFrom('library_entries').select((eb) => eb.fn.countAll().as('n')).where('user_id', 'in', demoIds)),
    count(k.selectFrom('library_entries').select((eb) => eb.fn.countAll().as('n')).where('user_id', 'in', demoIds).where('review', 'is not', null)),
    count(k.selectFrom('library_entries').select((eb) => eb.fn.countAll().as('n')).where('user_id', 'in', demoIds).where('featured_position', 'is not', null)),
    count(k.selectFrom('diary_entries').select((eb) => eb.fn.countAll().as('n')).where('user_id', 'in', demoIds)),
    count(k.selectFrom('follows').select((eb) => eb.fn.countAll().as('n')).where('follower_id', 'in', demoIds)),
    count(k.selectFrom('review_likes').select((eb) => eb.fn.countAll().as('n')).where('user_id', 'in', demoIds)),
    count(k.selectFrom('comment_likes').select((eb) => eb.fn.countAll().as('n')).where('user_id', 'in', demoIds)),
    count(k.selectFrom('comments').select((eb) => eb.fn.countAll().as('n')).where('user_id', 'in', demoIds)),
  ]);
  return { accounts, entries, reviews, featured, diary, follows, likes: reviewLikes + commentLikes, comments };
}

export interface SeedDemoOptions {
  now?: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Twelve demo accounts and six weeks of their doings, written through the
 * same services as the API (on a clock that walks through those weeks), so
 * activities, notifications, counts and the diary are exactly what real use
 * would leave behind. Does nothing when demo accounts exist.
 */
export async function seedDemo(db: Db, { now = Date.now(), onProgress }: SeedDemoOptions = {}): Promise<DemoResult> {
  const k = db.kysely;
  const existing = await demoCounts(db);
  if (existing.accounts > 0) return { created: false, accounts: existing.accounts };
  const usernames = DEMO_PERSONAS.map((p) => usernameKey(demoUsername(p.name)));
  const taken = await k.selectFrom('users').select('username').where('username_key', 'in', usernames).executeTakeFirst();
  if (taken) throw new DemoSeedError(`The username "${taken.username}" belongs to a real account; seed:demo needs the demo_* names for its accounts.`);
  const games = await popularGames(db);
  if (games.length < MIN_GAMES) {
    throw new DemoSeedError(`The catalog has ${games.length} game(s); the demo needs at least ${MIN_GAMES}. Import one first: npm run vgl -- catalog:import`);
  }

  const random = randomSource(20_240_601);
  const end = now - 5 * MINUTE;
  const start = now - DEMO_WEEKS * 7 * DAY;
  try {
    const people = await createAccounts(db, random, start);
    const plan = planEntries(games, random, start, end);
    await replayDemoActivity(db, { people, plan, random, start, end, onProgress });
  } catch (error) {
    // Half a demo is worse than none: take it all out, so running again starts clean.
    await removeDemo(db);
    throw error;
  }
  return { created: true, counts: await demoCounts(db) };
}
