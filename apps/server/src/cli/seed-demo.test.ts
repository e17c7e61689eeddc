import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/database.js';
import { importCatalogFile, importReference } from '../modules/catalog/catalog.import.js';
import { verifyPassword } from '../modules/auth/passwords.js';
import { captureIO, envFor } from '../test/cli.js';
import { createTestDatabase, dbKinds, type TestDatabase } from '../test/databases.js';
import { createUser } from '../test/users.js';
import { runCli } from './run.js';
import { CLAIMS_OF_OTHER_GAMES } from './seed-demo.kinds.js';

const PLATFORMS = ['snes', 'nes', 'genesis-slash-megadrive', 'gb', 'n64'];
/** Puzzle and board games, as the embedded catalog has them: a title, platforms and a year, no genres. */
const PUZZLES_AND_BOARD_GAMES = ['Othello', 'Columns', 'Tetris', 'Battle Chess', 'Klax', 'Shanghai', 'Backgammon', 'Puzznic'];
const GAMES = Array.from({ length: 40 }, (_, i) => ({
  name: i % 5 === 0 ? PUZZLES_AND_BOARD_GAMES[i / 5]! : `Demo Quest ${i + 1}`,
  slug: `demo-quest-${i + 1}`,
  year: 1985 + (i % 15),
  platforms: [PLATFORMS[i % PLATFORMS.length], PLATFORMS[(i + 2) % PLATFORMS.length]],
  popularity: 100 - i,
}));

const DAY = 86_400_000;

describe.each(dbKinds)('seed:demo on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let firstRun: ReturnType<typeof captureIO>;
  let firstCode: number;
  let startedAt: number;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    expect(await runCli(['db:migrate'], envFor(database), captureIO().io)).toBe(0);
    db = createDb(database.config);
    // A real person, to check the demo never touches other people.
    await createUser(db.kysely, { username: 'real_person' });

    await importReference(db);
    const file = path.join(database.dataDir, 'games.jsonl');
    fs.writeFileSync(file, GAMES.map((g) => JSON.stringify(g)).join('\n'));
    await importCatalogFile(db, file);
    startedAt = Date.now();
    firstRun = captureIO();
    firstCode = await runCli(['seed:demo'], envFor(database), firstRun.io);
  }, 180_000);
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const rows = <T>(query: { execute(): Promise<T[]> }) => query.execute();
  const demoIds = () => db.kysely.selectFrom('users').select('id').where('is_demo', '=', 1);

  it('says what it created, with progress on the way', () => {
    expect(firstCode, firstRun.err.join('\n')).toBe(0);
    const summary = firstRun.out.find((l) => l.startsWith('Created'));
    expect(summary).toMatch(
      /^Created 12 demo accounts, 180 library entries, 25 reviews \(3 featured\), \d+ diary entries, \d+ follows, \d+ likes and \d+ comments over the last 6 weeks\.$/,
    );
    expect(firstRun.out.some((l) => l.startsWith('Creating demo activity: 100%'))).toBe(true);
    expect(firstRun.out.at(-1)).toContain('seed:demo --remove');
  });

  it('creates 12 clearly marked accounts nobody can sign into', async () => {
    const users = await rows(db.kysely.selectFrom('users').selectAll().where('is_demo', '=', 1).orderBy('username'));
    expect(users).toHaveLength(12);
    for (const user of users) {
      expect(user.username).toMatch(/^demo_[a-z]+$/);
      expect(user.email).toBe(`${user.username}@demo.invalid`);
      expect(user.bio).toMatch(/^Demo account — /);
      expect(user.state).toBe('active');
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
    }
    expect(await verifyPassword(users[0]!.password_hash, '')).toBe(false);
    const real = await db.kysely.selectFrom('users').selectAll().where('username', '=', 'real_person').executeTakeFirstOrThrow();
    expect(real).toMatchObject({ is_demo: 0, followers_count: 0, following_count: 0 });
  });

  it('fills libraries with all four statuses, half stars, reviews long and short, and a replay in the diary', async () => {
    const entries = await rows(db.kysely.selectFrom('library_entries').selectAll().where('user_id', 'in', demoIds()));
    expect(new Set(entries.map((e) => e.status))).toEqual(new Set([1, 2, 3, 4]));
    expect(entries.some((e) => e.rating !== null && e.rating % 2 === 1)).toBe(true);
    const reviews = entries.filter((e) => e.review !== null).map((e) => e.review!);
    expect(reviews).toHaveLength(25);
    const long = reviews.filter((r) => r.length > 900);
    expect(long.length).toBeGreaterThanOrEqual(3);
    for (const review of long) {
      expect(review).toMatch(/\*\*[^*]+\*\*/);
      expect(review).toMatch(/(^|[^*])\*[^*\s][^*]*\*([^*]|$)/);
      expect(review).toMatch(/\n> /);
    }
    expect(reviews.join(' ')).not.toMatch(/lorem|ipsum/i);
    expect(reviews.some((r) => r.includes('Demo Quest'))).toBe(true);
    const replays = await rows(db.kysely.selectFrom('diary_entries').selectAll().where('user_id', 'in', demoIds()).where('replay', '=', 1));
    expect(replays.length).toBeGreaterThan(0);
    const featured = entries.filter((e) => e.featured_position !== null);
    expect(featured.map((e) => e.featured_position).sort()).toEqual([1, 2, 3]);
  });

  it('writes reviews that fit their game, and no two alike', async () => {
    const k = db.kysely;
    const reviews = await rows(
      k
        .selectFrom('library_entries as e')
        .innerJoin('games as g', 'g.id', 'e.game_id')
        .select(['e.id', 'e.review', 'g.name'])
        .where('e.user_id', 'in', demoIds())
        .where('e.review', 'is not', null),
    );
    // A puzzle or board game has no combat, camera, story, levels or bosses, and neither do the demo's words about it.
    const ofPuzzles = reviews.filter((r) => PUZZLES_AND_BOARD_GAMES.includes(r.name));
    expect(ofPuzzles.length).toBeGreaterThan(0);
    for (const review of ofPuzzles) expect(review.review, review.name).not.toMatch(CLAIMS_OF_OTHER_GAMES);
    const puzzleIds = (await rows(k.selectFrom('games').select('id').where('name', 'in', PUZZLES_AND_BOARD_GAMES))).map((g) => g.id);
    const comments = await rows(k.selectFrom('comments').select('body').where('entry_id', 'in', ofPuzzles.map((r) => r.id)));
    const notes = await rows(k.selectFrom('diary_entries').select('note').where('game_id', 'in', puzzleIds).where('note', 'is not', null));
    for (const text of [...comments.map((c) => c.body), ...notes.map((n) => n.note!)]) expect(text).not.toMatch(CLAIMS_OF_OTHER_GAMES);

    // No sentence (the game's name aside) appears in two reviews.
    const firstSeen = new Map<string, number>();
    for (const review of reviews) {
      for (const sentence of review.review!.replaceAll(review.name, '{game}').split(/\n\n|(?<=[.!?])\s+/)) {
        expect(firstSeen.get(sentence) ?? review.id, sentence).toBe(review.id);
        firstSeen.set(sentence, review.id);
      }
    }
  });

  it('spreads everything over the last weeks, in the order it happened', async () => {
    const entries = await rows(db.kysely.selectFrom('library_entries').select(['created_at', 'updated_at']).where('user_id', 'in', demoIds()));
    const times = entries.flatMap((e) => [Number(e.created_at), Number(e.updated_at)]);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(startedAt - 6 * 7 * DAY - 60_000);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(4 * 7 * DAY);
    const activities = await rows(db.kysely.selectFrom('activities').select(['id', 'created_at']).orderBy('id'));
    const created = activities.map((a) => Number(a.created_at));
    expect(created).toEqual([...created].sort((a, b) => a - b));
  });

  it('leaves activities, notifications and counts exactly as real use would', async () => {
    const k = db.kysely;
    const verbs = new Set((await rows(k.selectFrom('activities').select('verb'))).map((a) => a.verb));
    expect(verbs).toEqual(new Set(['added', 'status', 'rated', 'reviewed', 'liked', 'commented', 'followed', 'played']));
    const kinds = new Set((await rows(k.selectFrom('notifications').select('kind'))).map((n) => n.kind));
    // Earlier commenters in a thread hear of the comments after theirs (replied).
    expect(kinds).toEqual(new Set(['review_liked', 'commented', 'followed', 'comment_liked', 'replied']));
    // Demo members get no e-mail for what the seed replays.
    expect(await rows(k.selectFrom('notifications').select('id').where('email_state', 'is not', null))).toEqual([]);

    for (const user of await rows(k.selectFrom('users').select(['id', 'followers_count', 'following_count']).where('is_demo', '=', 1))) {
      const followers = await rows(k.selectFrom('follows').select('follower_id').where('followee_id', '=', user.id));
      const following = await rows(k.selectFrom('follows').select('followee_id').where('follower_id', '=', user.id));
      expect(user.followers_count).toBe(followers.length);
      expect(user.following_count).toBe(following.length);
    }
    for (const entry of await rows(k.selectFrom('library_entries').select(['id', 'likes_count', 'comments_count']).where('review', 'is not', null))) {
      expect(entry.likes_count).toBe((await rows(k.selectFrom('review_likes').select('user_id').where('entry_id', '=', entry.id))).length);
      expect(entry.comments_count).toBe((await rows(k.selectFrom('comments').select('id').where('entry_id', '=', entry.id))).length);
    }
  });

  it('changes nothing when run again', async () => {
    const count = async () => (await rows(db.kysely.selectFrom('library_entries').select('id'))).length;
    const before = await count();
    const again = captureIO();
    expect(await runCli(['seed:demo'], envFor(database), again.io)).toBe(0);
    expect(again.out).toEqual(['Demo data is already loaded (12 demo accounts).']);
    expect(await count()).toBe(before);
  });

  it('takes the demo out again with --remove, keeping real people\'s counts right', async () => {
    const real = await db.kysely.selectFrom('users').selectAll().where('username', '=', 'real_person').executeTakeFirstOrThrow();
    const ada = await db.kysely.selectFrom('users').selectAll().where('username', '=', 'demo_ada').executeTakeFirstOrThrow();
    await db.kysely.insertInto('follows').values({ follower_id: real.id, followee_id: ada.id, created_at: Date.now() }).execute();
    await db.kysely.updateTable('users').set({ following_count: 1 }).where('id', '=', real.id).execute();

    const removed = captureIO();
    expect(await runCli(['seed:demo', '--remove'], envFor(database), removed.io)).toBe(0);
    expect(removed.out).toEqual(['Removed 12 demo accounts and everything they wrote.']);
    expect(await rows(demoIds())).toEqual([]);
    expect(await rows(db.kysely.selectFrom('library_entries').select('id'))).toEqual([]);
    expect(await rows(db.kysely.selectFrom('activities').select('id'))).toEqual([]);
    const after = await db.kysely.selectFrom('users').selectAll().where('id', '=', real.id).executeTakeFirstOrThrow();
    expect(after.following_count).toBe(0);

    const bad = captureIO();
    expect(await runCli(['seed:demo', '--everything'], envFor(database), bad.io)).toBe(1);
    expect(bad.err.join()).toContain('Unknown argument "--everything"');
  });
});

describe('seed:demo on a fresh DATA_DIR', () => {
  it('loads the embedded catalog first, as npm start would, then creates the demo', async () => {
    const database = await createTestDatabase('sqlite');
    try {
      const run = captureIO();
      expect(await runCli(['seed:demo'], envFor(database), run.io), run.err.join('\n')).toBe(0);
      expect(run.out.find((l) => l.startsWith('Loaded'))).toMatch(/^Loaded [\d,]+ games into the catalog\.$/);
      expect(run.out.find((l) => l.startsWith('Created'))).toMatch(/^Created 12 demo accounts/);
    } finally {
      await database.drop();
    }
  }, 180_000);
});
