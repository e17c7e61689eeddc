import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMeta } from '../../db/meta.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { prepareEmbeddedCatalog, SEED_META_KEY, seedFingerprint } from './catalog.seed.js';

/*
 * An instance loaded from an older embedded catalog (one that listed
 * applications and kept the same game as several) gets the clean one at the
 * next start, and no member loses a game from their library.
 */

const OLD_SEED = [
  { name: 'Tetris', slug: 'tetris', year: 1988, platforms: ['nes', 'gb'] },
  { name: 'Tetris', slug: 'tetris-1991', year: 1991, platforms: ['philips-cd-i'] },
  { name: 'TETRIS4', slug: 'tetris4', platforms: ['zxs'] },
  { name: 'Adobe Illustrator 5.5', slug: 'adobe-illustrator-5-5', year: 1994, platforms: ['mac'], publishers: ['Adobe'] },
  { name: 'FreeDOS 1.2', slug: 'freedos-1-2', year: 2016, platforms: ['dos'] },
  { name: 'Lode Runner', slug: 'lode-runner', year: 1983, platforms: ['appleii', 'mac'] },
  { name: 'Elite', slug: 'elite', year: 1984, platforms: ['bbcmicro'] },
  { name: "Sid Meier's Civilization", slug: 'civilization-mac', year: 1992, platforms: ['mac'] },
  { name: 'The Legend of Zelda', slug: 'the-legend-of-zelda', year: 1987, platforms: ['nes'] },
  { name: 'Zelda no Densetsu: The Hyrule Fantasy', slug: 'zelda-no-densetsu-the-hyrule-fantasy', releaseDate: '1986-02-21', platforms: ['fds'] },
  { name: 'Final Fantasy IV', slug: 'final-fantasy-iv', releaseDate: '2002-03-28', platforms: ['wonderswan-color'] },
];
const NEW_SEED = [
  { name: 'Tetris', slug: 'tetris', year: 1987, platforms: ['nes', 'gb', 'philips-cd-i', 'zxs'], altNames: ['テトリス'] },
  { name: 'Lode Runner', slug: 'lode-runner', year: 1983, platforms: ['appleii', 'mac', 'nes'] },
  { name: 'Elite (the seed’s)', slug: 'elite', year: 1984, platforms: ['bbcmicro', 'zxs'] },
  { name: "Sid Meier's Civilization", slug: 'sid-meiers-civilization', year: 1991, platforms: ['mac', 'dos'] },
  // The Famicom Disk System's Japanese release is part of the game now, its title one of the game's other names.
  {
    name: 'The Legend of Zelda',
    slug: 'the-legend-of-zelda',
    releaseDate: '1986-02-21',
    platforms: ['fds', 'nes'],
    firstPlatform: 'fds',
    altNames: ['Zelda no Densetsu: The Hyrule Fantasy', 'ゼルダの伝説'],
  },
  // The SNES's "Final Fantasy II (USA)", named after its first release now, takes the slug; the WonderSwan's moves on.
  { name: 'Final Fantasy IV', slug: 'final-fantasy-iv', releaseDate: '1991-07-19', platforms: ['sfam', 'snes'], firstPlatform: 'sfam', altNames: ['Final Fantasy II'] },
  { name: 'Final Fantasy IV', slug: 'final-fantasy-iv-2002', releaseDate: '2002-03-28', platforms: ['wonderswan-color'] },
];

describe.each(dbKinds)('the embedded catalog at start, on %s', (kind) => {
  let t: TestApp;
  let oldFile: string;
  let newFile: string;
  const write = (name: string, games: object[]) => {
    const file = path.join(t.config.dataDir, name);
    fs.writeFileSync(file, games.map((g) => JSON.stringify(g)).join('\n'));
    return file;
  };
  const k = () => t.db.kysely;
  const sorted = (list: string[]) => [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const slugs = async () => sorted((await k().selectFrom('games').select('slug').execute()).map((g) => g.slug));
  const library = async (username: string) =>
    sorted(
      (
        await k()
        .selectFrom('library_entries as e')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .innerJoin('games as g', 'g.id', 'e.game_id')
        .select(['g.slug', 'e.rating'])
          .where('u.username', '=', username)
          .execute()
      ).map((r) => `${r.slug}:${r.rating}`),
    );
  const add = async (username: string, slug: string, rating: number) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${username}/library/${slug}`,
      headers: bearer(await loginToken(t.app, username)),
      payload: { status: 2, rating },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    oldFile = write('old-seed.jsonl', OLD_SEED);
    newFile = write('new-seed.jsonl', NEW_SEED);
  });
  afterAll(() => t.close());

  it('loads the catalog into an empty database and remembers which file it was', async () => {
    expect(await prepareEmbeddedCatalog(t.db, { file: oldFile })).toEqual({ games: OLD_SEED.length });
    expect(await slugs()).toHaveLength(OLD_SEED.length);
    expect(await getMeta(k(), SEED_META_KEY)).toBe(seedFingerprint(oldFile));
    // The same file at the next start: nothing to do.
    expect(await prepareEmbeddedCatalog(t.db, { file: oldFile })).toEqual({ games: 0 });
  });

  it('replaces an older embedded catalog, keeping every game a member has', async () => {
    for (const username of ['ann', 'bob', 'cat', 'dan']) await createUser(k(), { username });
    await add('ann', 'tetris-1991', 8); // merged into Tetris now: moves there
    await add('ann', 'adobe-illustrator-5-5', 6); // not a game, but ann has it: kept
    await add('ann', 'elite', 10); // the same slug: stays where it is
    await add('bob', 'tetris', 9);
    await add('bob', 'tetris-1991', 7); // bob has both: his old one stays where it is
    await add('cat', 'civilization-mac', 7); // the Mac port is part of Civilization now
    await add('dan', 'zelda-no-densetsu-the-hyrule-fantasy', 9); // a Japanese release of The Legend of Zelda now: moves there
    await add('dan', 'final-fantasy-iv', 7); // the WonderSwan Color game: stays with it, under its new slug
    // A game IGDB adopted is not the embedded catalog's to change.
    await k().updateTable('games').set({ source: 'igdb', name: 'Lode Runner (IGDB)' }).where('slug', '=', 'lode-runner').execute();

    const report = await prepareEmbeddedCatalog(t.db, { file: newFile });
    expect(report).toEqual({ games: NEW_SEED.length - 1, refresh: { removed: 2, remapped: 3, kept: 2 } });
    expect(await library('cat')).toEqual(['sid-meiers-civilization:7']);
    expect(await library('dan')).toEqual(['final-fantasy-iv-2002:7', 'the-legend-of-zelda:9']);
    const zelda = await k().selectFrom('games').select(['release_year', 'first_platform_id']).where('slug', '=', 'the-legend-of-zelda').executeTakeFirstOrThrow();
    const fds = await k().selectFrom('platforms').select('id').where('slug', '=', 'fds').executeTakeFirstOrThrow();
    expect(zelda).toEqual({ release_year: 1986, first_platform_id: fds.id });

    expect(await slugs()).toEqual(sorted(['adobe-illustrator-5-5', 'elite', 'lode-runner', 'sid-meiers-civilization', 'tetris', 'tetris-1991', 'the-legend-of-zelda', 'final-fantasy-iv', 'final-fantasy-iv-2002']));
    expect(await library('ann')).toEqual(['adobe-illustrator-5-5:6', 'elite:10', 'tetris:8']);
    expect(await library('bob')).toEqual(['tetris-1991:7', 'tetris:9'].sort());
    const lode = await k().selectFrom('games').select(['name', 'source']).where('slug', '=', 'lode-runner').executeTakeFirstOrThrow();
    expect(lode).toEqual({ name: 'Lode Runner (IGDB)', source: 'igdb' });
    const elite = await k().selectFrom('games').select('name').where('slug', '=', 'elite').executeTakeFirstOrThrow();
    expect(elite.name).toBe('Elite (the seed’s)');
    expect(await getMeta(k(), SEED_META_KEY)).toBe(seedFingerprint(newFile));
  });

  it('ranks what it kept for members last, and the catalog is searched and counted as it is now', async () => {
    const top = (await t.app.inject({ method: 'GET', url: '/api/igdb/games?limit=10' })).json() as { slug: string }[];
    expect(top.map((g) => g.slug).slice(-2).sort()).toEqual(['adobe-illustrator-5-5', 'tetris-1991']);
    const found = (await t.app.inject({ method: 'GET', url: '/api/igdb/search?q=tetris' })).json() as { slug: string }[];
    expect(found[0]?.slug).toBe('tetris');
    const platforms = (await t.app.inject({ method: 'GET', url: '/api/igdb/platforms' })).json() as { slug: string; games_count: number }[];
    expect(platforms.find((p) => p.slug === 'dos')?.games_count).toBe(1);
    expect(platforms.find((p) => p.slug === 'zxs')?.games_count).toBe(2);
  });
});
