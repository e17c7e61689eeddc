import { randomBytes } from 'node:crypto';
import { PLAY_STATUS } from '@vgl/shared';
import { commentInputSchema, diaryEntryInputSchema, libraryEntryInputSchema } from '@vgl/shared/schemas';
import type { Db } from '../db/database.js';
import { createActivityService } from '../modules/activity/activity.service.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { browseGameIds } from '../modules/catalog/catalog.repo.js';
import { createCommentsService } from '../modules/comments/comments.service.js';
import { createFollowsService } from '../modules/follows/follows.service.js';
import { createLibraryService } from '../modules/library/library.service.js';
import { createLikesService } from '../modules/likes/likes.service.js';
import { createNotificationsService } from '../modules/notifications/notifications.service.js';
import { emailKey, usernameKey, usersRepo, type UserRow } from '../modules/users/users.repo.js';
import {
  commentText,
  DEMO_BIO_PREFIX,
  DEMO_EMAIL_DOMAIN,
  DEMO_PERSONAS,
  DEMO_USERNAME_PREFIX,
  diaryNote,
  longReview,
  shortReview,
  type GameFacts,
} from './seed-demo.text.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The demo happens over the last six weeks. */
export const DEMO_WEEKS = 6;
/** The most popular games the demo people pick from; fewer than MIN_GAMES is not enough for 15 each. */
const GAME_POOL = 60;
export const MIN_GAMES = 20;
/** Per account: what each kind of entry becomes (all four statuses of SPEC §3). */
const ENTRY_KINDS = { beaten: 6, abandoned: 2, playing: 3, wishlist: 4 } as const;
const REVIEWS = 25;
const LONG_REVIEWS = 6;
const FEATURED = 3;

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

interface DemoGame {
  slug: string;
  facts: GameFacts;
  platforms: string[];
}

type EntryKind = keyof typeof ENTRY_KINDS;

interface PlannedEntry {
  person: number;
  game: DemoGame;
  kind: EntryKind;
  /** Added to the library (and started, unless only wanted). */
  addedAt: number;
  /** Finished or given up, with the rating and maybe a review. */
  doneAt: number | null;
  rating: number | null;
  favourite: boolean;
  review: string | null;
  long: boolean;
  replayAt: number | null;
  playedAt: number | null;
}

/** One thing a demo person does, at a moment of the last weeks. */
interface DemoEvent {
  at: number;
  run: () => Promise<void>;
}

/** A small seeded generator (xorshift32), so the demo is the same on every run over the same catalog. */
function randomSource(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    let x = state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    state = x >>> 0;
    return state / 0x1_0000_0000;
  };
  const shuffle = <T>(list: readonly T[]): T[] => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    between: (from: number, to: number) => Math.round(from + next() * (to - from)),
    chance: (p: number) => next() < p,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    shuffle,
  };
}
type Random = ReturnType<typeof randomSource>;

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const clampRating = (n: number) => Math.max(1, Math.min(10, n));
export const demoUsername = (name: string) => `${DEMO_USERNAME_PREFIX}${name}`;

/** The catalog's most popular games, with their platforms (most played first). */
async function popularGames(db: Db): Promise<DemoGame[]> {
  const k = db.kysely;
  const { ids } = await browseGameIds(k, { sort: 'popularity', limit: GAME_POOL, offset: 0 }, { count: false });
  if (ids.length === 0) return [];
  const [rows, platforms] = await Promise.all([
    k.selectFrom('games').select(['id', 'slug', 'name', 'release_year', 'first_release_date']).where('id', 'in', ids).execute(),
    k
      .selectFrom('game_platforms as gp')
      .innerJoin('platforms as p', 'p.id', 'gp.platform_id')
      .select(['gp.game_id', 'p.slug', 'p.name'])
      .where('gp.game_id', 'in', ids)
      .orderBy('gp.popularity', 'desc')
      .orderBy('p.games_count', 'desc')
      .orderBy('p.slug')
      .execute(),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const own = platforms.filter((p) => p.game_id === id);
    const year = row.first_release_date !== null ? new Date(Number(row.first_release_date) * 1000).getUTCFullYear() : row.release_year;
    return [{ slug: row.slug, platforms: own.map((p) => p.slug), facts: { name: row.name, platform: own[0]?.name ?? null, year } }];
  });
}

/** Who plays what, when, and how they liked it; the reviews go to a random 25 of the finished games. */
function planEntries(games: DemoGame[], random: Random, start: number, end: number): PlannedEntry[] {
  const perPerson = Object.values(ENTRY_KINDS).reduce((a, b) => a + b, 0);
  const kinds = Object.entries(ENTRY_KINDS).flatMap(([kind, n]) => Array.from({ length: n }, () => kind as EntryKind));
  const entries: PlannedEntry[] = [];
  for (const [person, persona] of DEMO_PERSONAS.entries()) {
    const mine = random.shuffle(games).slice(0, perPerson);
    let favourites = 0;
    let replays = 0;
    for (const [i, game] of mine.entries()) {
      const kind = kinds[i]!;
      const finishes = kind === 'beaten' || kind === 'abandoned';
      // Finished games were started at least two weeks ago, so the finish (2–14 days later) is in the past.
      const addedAt = random.between(start, finishes ? end - 16 * DAY : end - HOUR);
      const doneAt = finishes ? addedAt + random.between(2 * DAY, 14 * DAY) : null;
      const rating = kind === 'beaten' ? clampRating(random.int(6, 10) + persona.bias) : kind === 'abandoned' ? clampRating(random.int(2, 6) + persona.bias) : null;
      const favourite = kind === 'beaten' && rating !== null && rating >= 9 && favourites < 2;
      if (favourite) favourites += 1;
      const replay = kind === 'beaten' && doneAt !== null && doneAt < end - 10 * DAY && replays < 1 && random.chance(0.5);
      if (replay) replays += 1;
      entries.push({
        person,
        game,
        kind,
        addedAt,
        doneAt,
        rating,
        favourite,
        review: null,
        long: false,
        replayAt: replay ? random.between(doneAt! + 6 * DAY, end - DAY) : null,
        playedAt: kind === 'playing' && random.chance(0.6) ? Math.min(end, addedAt + random.between(HOUR, 5 * DAY)) : null,
      });
    }
  }
  const finished = random.shuffle(entries.filter((e) => e.doneAt !== null)).slice(0, REVIEWS);
  for (const [i, entry] of finished.entries()) {
    entry.long = i < LONG_REVIEWS && entry.kind === 'beaten';
    entry.review = entry.long
      ? longReview(entry.game.facts, entry.rating, random.pick)
      : shortReview(entry.game.facts, entry.rating, entry.kind === 'abandoned', random.pick);
  }
  return entries;
}

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

async function createAccounts(db: Db, random: Random, start: number): Promise<UserRow[]> {
  const accounts: UserRow[] = [];
  for (const persona of DEMO_PERSONAS) {
    const username = demoUsername(persona.name);
    const email = `${username}@${DEMO_EMAIL_DOMAIN}`;
    const joined = start - random.between(DAY, 14 * DAY);
    accounts.push(
      await usersRepo.insert(db.kysely, {
        username,
        username_key: usernameKey(username),
        email,
        email_key: emailKey(email),
        // Nobody knows this password, and the address cannot receive a reset link: the account cannot be signed into.
        password_hash: await hashPassword(randomBytes(32).toString('base64url')),
        avatar: null,
        bio: `${DEMO_BIO_PREFIX}${persona.about}`,
        suspended_reason: null,
        suspended_at: null,
        created_at: joined,
        updated_at: joined,
        activated_at: joined,
        last_login_at: null,
        state: 'active',
        is_demo: 1,
      }),
    );
  }
  return accounts;
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
  let clock = start;
  const at = () => clock;
  const activity = createActivityService(db, at);
  const notifications = createNotificationsService(db, at);
  const library = createLibraryService(db, activity, at);
  const social = { library, activity, notifications };
  const likes = createLikesService(db, social, at);
  const comments = createCommentsService(db, social, at);
  const follows = createFollowsService(db, social, at);

  try {
    const people = await createAccounts(db, random, start);
    const events: DemoEvent[] = [];
    const reviewOf = new Map<PlannedEntry, { id: string; slug: string }>();
    const plan = planEntries(games, random, start, end);

    for (const person of people) {
      const others = random.shuffle(people.filter((p) => p.id !== person.id));
      for (const followee of others.slice(0, random.int(3, 6))) {
        events.push({ at: random.between(start, start + 14 * DAY), run: async () => void (await follows.follow(person, followee.username)) });
      }
    }

    for (const entry of plan) {
      const person = people[entry.person]!;
      const save = (input: Record<string, unknown>) => library.saveEntry(person, person.username, entry.game.slug, libraryEntryInputSchema.parse(input));
      const base = { platforms: entry.game.platforms.slice(0, 1) };
      const startedOn = entry.kind === 'wishlist' ? null : isoDay(entry.addedAt);
      events.push({ at: entry.addedAt, run: async () => void (await save({ ...base, status: entry.kind === 'wishlist' ? PLAY_STATUS.wantToPlay : PLAY_STATUS.playing, startedOn })) });
      if (entry.playedAt !== null) {
        const note = diaryNote(random.pick);
        const hours = random.int(1, 3);
        events.push({
          at: entry.playedAt,
          run: async () => void (await library.addDiary(person, person.username, diaryEntryInputSchema.parse({ game: entry.game.slug, playedOn: isoDay(entry.playedAt!), event: 'played', note, hours }))),
        });
      }
      if (entry.doneAt === null) continue;
      const beaten = entry.kind === 'beaten';
      const finished = {
        ...base,
        status: beaten ? PLAY_STATUS.beaten : PLAY_STATUS.abandoned,
        rating: entry.rating,
        review: entry.review,
        startedOn,
        finishedOn: beaten ? isoDay(entry.doneAt) : null,
        hours: beaten ? random.int(4, 60) : random.int(1, 6),
        favourite: entry.favourite,
      };
      events.push({
        at: entry.doneAt,
        run: async () => {
          const { entry: saved } = await save(finished);
          if (entry.review) reviewOf.set(entry, { id: saved._id, slug: saved.slug! });
        },
      });
      if (entry.replayAt !== null) {
        const replayHours = random.int(3, 30);
        events.push({
          at: entry.replayAt,
          run: async () =>
            void (await save({ ...finished, replay: true, startedOn: isoDay(entry.replayAt! - 2 * DAY), finishedOn: isoDay(entry.replayAt!), hours: replayHours })),
        });
      }
      if (!entry.review) continue;

      // Reactions come in the hours and days after the review.
      const window = Math.min(5 * DAY, end - entry.doneAt);
      const readers = random.shuffle(people.filter((p) => p.id !== person.id));
      for (const reader of readers.slice(0, entry.long ? random.int(3, 8) : random.int(0, 5))) {
        events.push({ at: entry.doneAt + random.between(20 * MINUTE, window), run: async () => void (await likes.like(reader, reviewOf.get(entry)!.id, true)) });
      }
      if (!random.chance(entry.long ? 0.9 : 0.5)) continue;
      for (const commenter of random.shuffle(readers).slice(0, random.int(1, 3))) {
        const body = commentText(entry.game.facts, random.pick);
        const commentedAt = entry.doneAt + random.between(30 * MINUTE, window - HOUR);
        let commentId = 0;
        events.push({
          at: commentedAt,
          run: async () => {
            const review = reviewOf.get(entry)!;
            commentId = (await comments.create(commenter, person.username, review.slug, commentInputSchema.parse({ body }))).id;
          },
        });
        if (random.chance(0.4)) {
          const liker = random.pick([person, ...readers.filter((r) => r.id !== commenter.id)]);
          events.push({ at: commentedAt + random.between(10 * MINUTE, HOUR), run: async () => void (await likes.like(liker, `c${commentId}`, true)) });
        }
      }
    }

    // In time order: what happened first gets the smaller ids, as it would have live.
    events.sort((a, b) => a.at - b.at);
    for (const [i, event] of events.entries()) {
      clock = event.at;
      await event.run();
      onProgress?.(i + 1, events.length);
    }

    // Moderators feature reviews from the dashboard; the demo features its most liked long ones.
    const longIds = plan.filter((e) => e.long && reviewOf.has(e)).map((e) => Number(reviewOf.get(e)!.id));
    const top = await k.selectFrom('library_entries').select('id').where('id', 'in', longIds).orderBy('likes_count', 'desc').orderBy('id').limit(FEATURED).execute();
    for (const [position, row] of top.entries()) {
      await k.updateTable('library_entries').set({ featured_position: position + 1 }).where('id', '=', row.id).execute();
    }
  } catch (error) {
    // Half a demo is worse than none: take it all out, so running again starts clean.
    await removeDemo(db);
    throw error;
  }
  return { created: true, counts: await demoCounts(db) };
}

/** Deletes the demo accounts and everything they wrote; returns how many accounts went. */
export async function removeDemo(db: Db): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const demo = (await trx.selectFrom('users').select('id').where('is_demo', '=', 1).execute()).map((r) => r.id);
    if (demo.length === 0) return 0;
    // Real people who followed a demo account keep a right "following" count.
    const followers = await trx.selectFrom('follows').select('follower_id').distinct().where('followee_id', 'in', demo).where('follower_id', 'not in', demo).execute();
    await trx.deleteFrom('users').where('id', 'in', demo).execute();
    for (const { follower_id } of followers) {
      await trx
        .updateTable('users')
        .set((eb) => ({ following_count: eb.selectFrom('follows').select((f) => f.fn.countAll<number>().as('n')).where('follower_id', '=', follower_id) }))
        .where('id', '=', follower_id)
        .execute();
    }
    return demo.length;
  });
}
