import type { GameSubmission, NotificationItem } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { refreshSearchIndex } from '../catalog/search-index.js';
import { saveGames } from '../igdb/igdb.store.js';
import { mergeSubmissionsIntoCatalog, titleKey } from './submissions.merge.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const unixSeconds = (year: number) => Date.UTC(year, 5, 1) / 1000;

/** mergeSubmissionsIntoCatalog: what a catalog sync calls after saving games. */
describe.each(dbKinds)('a sync that brings a submitted game, on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [{ name: 'Harbour Lights', slug: 'harbour-lights', year: 1999, platforms: ['win'] }]);
    await createUser(t.db.kysely, { username: 'mod', role: 'moderator' });
    token.mod = await loginToken(t.app, 'mod');
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, who?: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? bearer(token[who]!) : {}, ...(payload ? { payload } : {}) });
  async function member() {
    seq += 1;
    const user = await createUser(t.db.kysely, { username: `syncfan${seq}` });
    token[user.username] = await loginToken(t.app, user.username);
    return user.username;
  }
  const submit = async (who: string, body: object) => {
    const res = await call('POST', '/api/games/submissions', who, body);
    expect(res.statusCode).toBe(201);
    return res.json<GameSubmission>();
  };
  /** A game as the Wikidata sync writes one: its own source and slug, indexed for search. */
  async function syncedGame(name: string, slug: string, year: number | null, source: 'wikidata' | 'igdb' = 'wikidata') {
    const now = Date.now();
    const { id } = await t.db.kysely
      .insertInto('games')
      .values({ slug, name, summary: null, cover_image_id: null, first_release_date: year ? unixSeconds(year) : null, release_year: year, rating: null, popularity: 5, source, igdb_id: null, igdb_updated_at: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await refreshSearchIndex(t.db, [id]);
    return id;
  }
  const submissionState = async (id: number) => (await t.db.kysely.selectFrom('game_submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow());

  it('done when: a member adds a game that is nowhere, logs it, a moderator approves it, and a later sync merges it with the entry intact', async () => {
    const who = await member();
    const added = await submit(who, { name: 'Moonlit Garden', year: 2020, platforms: ['win'] });
    const slug = added.game!.slug;
    expect((await call('PUT', `/api/users/${who}/library/${slug}`, who, { status: 2, rating: 9, review: 'Tended it every night.', platforms: ['win'], finishedOn: '2024-05-01' })).statusCode).toBe(201);
    await call('POST', `/api/users/${who}/diary`, who, { game: slug, playedOn: '2024-04-20', event: 'played', note: 'Night one' });
    await call('POST', `/api/users/${who}/lists`, who, { title: 'Cosy' });
    await call('POST', `/api/users/${who}/lists/cosy/games`, who, { game: slug, note: 'The best' });
    expect((await call('POST', `/api/admin/submissions/${added.id}/approve`, 'mod')).statusCode).toBe(200);
    const before = (await call('GET', `/api/users/${who}/library/${slug}`, who)).json();

    // The sync brings it a year later (its own release date), under its own slug.
    const synced = await syncedGame('Moonlit Garden', 'moonlit-garden-wd', 2021);
    expect(await mergeSubmissionsIntoCatalog(t.db, [synced])).toBe(1);

    const after = await call('GET', `/api/users/${who}/library/moonlit-garden-wd`, who);
    expect(after.statusCode).toBe(200);
    const { game: _beforeGame, _id: _beforeId, ...kept } = before;
    const { game: afterGame, _id: _afterId, ...now } = after.json();
    expect(now).toEqual({ ...kept, date: { ...kept.date, updated: now.date.updated } });
    expect(afterGame).toMatchObject({ slug: 'moonlit-garden-wd', name: 'Moonlit Garden' });
    // The finish the library form logged, and the evening's line.
    const diary = (await call('GET', `/api/users/${who}/diary`, who)).json<{ playedOn: string; event: string; note: string | null; game: { slug: string } }[]>();
    expect(diary.map((d) => [d.playedOn, d.event, d.note, d.game.slug])).toEqual([
      ['2024-05-01', 'finished', null, 'moonlit-garden-wd'],
      ['2024-04-20', 'played', 'Night one', 'moonlit-garden-wd'],
    ]);
    expect((await call('GET', `/api/users/${who}/lists/cosy`, who)).json().items).toEqual([expect.objectContaining({ note: 'The best', game: expect.objectContaining({ slug: 'moonlit-garden-wd' }) })]);
    // The submitted game's old address leads to the game it became (catalog.slugs.ts).
    const moved = await call('GET', `/api/igdb/games/${slug}`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/api/igdb/games/moonlit-garden-wd');
    expect(await submissionState(added.id)).toMatchObject({ state: 'merged', game_id: null, merged_into_game_id: synced, decided_by: null });

    const [told] = (await call('GET', '/api/notifications', who)).json<NotificationItem[]>();
    expect(told).toMatchObject({ kind: 'submission_merged', submission: { name: 'Moonlit Garden', game: { slug: 'moonlit-garden-wd', name: 'Moonlit Garden' } } });
    const [audited] = (await call('GET', '/api/admin/audit', 'mod')).json();
    expect(audited).toMatchObject({ action: 'submission.merge', actor: null, targetLabel: 'Moonlit Garden', reason: 'Merged into Moonlit Garden by a catalog sync' });
  });

  it('merges pending submissions of the same title ("The X" is "X, The"), not those of another year or another title', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const pending = await submit(a, { name: 'Clockwork Harbor, The' });
    const otherYear = await submit(b, { name: 'The Clockwork Harbor', year: 2001 });
    const otherTitle = await submit(c, { name: 'Clockwork Harbor II', year: 2015 });
    await call('PUT', `/api/users/${a}/library/${pending.game!.slug}`, a, { status: 4 });
    const synced = await syncedGame('The Clockwork Harbor', 'the-clockwork-harbor-igdb', 2015, 'igdb');
    expect(await mergeSubmissionsIntoCatalog(t.db, [synced])).toBe(1);
    expect((await submissionState(pending.id)).state).toBe('merged');
    expect((await submissionState(otherYear.id)).state).toBe('pending');
    expect((await submissionState(otherTitle.id)).state).toBe('pending');
    expect((await call('GET', `/api/users/${a}/library/the-clockwork-harbor-igdb`, a)).json()).toMatchObject({ status: 4 });
    // Once merged, a second run finds nothing to do; members' games are never targets.
    expect(await mergeSubmissionsIntoCatalog(t.db, [synced, otherYear.game ? (await t.db.kysely.selectFrom('games').select('id').where('slug', '=', otherYear.game.slug).executeTakeFirstOrThrow()).id : 0])).toBe(0);
    expect(await mergeSubmissionsIntoCatalog(t.db, [])).toBe(0);
  });

  it('lists the submitted game itself when IGDB adopts its row by slug, and leaves rejected ones of the same title alone', async () => {
    const [a, b] = [await member(), await member()];
    const adopted = await submit(a, { name: 'Sky Atlas', year: 2019 });
    expect(adopted.game!.slug).toBe('sky-atlas');
    await call('PUT', `/api/users/${a}/library/sky-atlas`, a, { status: 1, rating: 7 });
    const rejected = await submit(b, { name: 'Sky Atlas' });
    await call('POST', `/api/admin/submissions/${rejected.id}/reject`, 'mod', { reason: 'Duplicate of a known game' });

    // IGDB's store adopts a catalog game with its slug and no IGDB id: the submitted row itself.
    const ids = await saveGames(t.db.kysely, [{ id: 9001, name: 'Sky Atlas', slug: 'sky-atlas', first_release_date: unixSeconds(2019), updated_at: 1 }]);
    expect(ids).toHaveLength(1);
    expect(await mergeSubmissionsIntoCatalog(t.db, ids)).toBe(1);
    expect(await submissionState(adopted.id)).toMatchObject({ state: 'merged', game_id: null, merged_into_game_id: ids[0] });
    expect((await submissionState(rejected.id)).state).toBe('rejected');
    expect((await call('GET', '/api/igdb/games/sky-atlas')).json()).toMatchObject({ name: 'Sky Atlas', source: 'igdb' });
    expect((await call('GET', '/api/users/' + a + '/library/sky-atlas', a)).json()).toMatchObject({ status: 1, rating: 7 });
    await expect.poll(async () => (await call('GET', '/api/igdb/search?q=sky%20atlas')).json<{ slug: string }[]>().map((g) => g.slug), { timeout: 5000 }).toContain('sky-atlas');
  });

  it('keys titles the way the catalog merges them, and titles in other scripts by their words', () => {
    expect(titleKey('Legend of Zelda, The')).toBe(titleKey('The Legend of Zelda'));
    expect(titleKey('Pokémon: Red')).toBe(titleKey('pokemon red'));
    expect(titleKey('ゼルダの伝説')).not.toBe('');
    expect(titleKey('ゼルダの伝説')).not.toBe(titleKey('ドラゴンクエスト'));
  });
});
