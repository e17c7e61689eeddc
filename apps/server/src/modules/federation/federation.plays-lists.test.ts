import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { remoteActivityId, startFakeFediverse, type Delivery, type FakeFediverse } from '../../test/fake-fediverse.js';
import { expandJsonLd } from '../../test/jsonld-offline.js';
import { bearer, createUser, loginToken, PASSWORD } from '../../test/users.js';

const ORIGIN = 'https://vgl.test';
const AS = 'https://www.w3.org/ns/activitystreams#';
const AP_JSON = { accept: 'application/activity+json' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const onVgl = (url: string) => {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(ORIGIN);
  return parsed.pathname + parsed.search;
};
const objectOf = (d: Delivery) => d.activity.object as Record<string, unknown>;
const objectIdOf = (d: Delivery) => (typeof d.activity.object === 'string' ? d.activity.object : (objectOf(d).id as string | undefined));

/** Issue 40: finished plays (Notes) and public lists (Articles) reach a member's followers elsewhere, as a visitor would see them. */
describe.each(dbKinds)('federation of finished plays and lists on %s', (kind) => {
  let t: TestApp;
  let remote: FakeFediverse;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const actorOf = (who: string) => `${ORIGIN}/ap/users/${ids[who]}`;
  const TRICKY = 'Tom & Jerry <"Remastered">';
  const TRICKY_HTML = 'Tom &amp; Jerry &lt;&quot;Remastered&quot;&gt;';
  const GAMES = Array.from({ length: 11 }, (_, i) => ({ name: `Game ${i + 1}`, slug: `game-${i + 1}`, year: 2000 + i, platforms: ['switch'] }));

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { FEDERATION: 'on' }, federation: { allowPrivateHttp: true, retryInitialDelayMs: 200, listSettleSeconds: 1 } });
    remote = await startFakeFediverse({
      fetchFromVgl: async (url) => t.app.inject({ url: onVgl(url), headers: { ...AP_JSON, host: 'vgl.test' } }),
      postToVgl: async (url, headers, body) => t.app.inject({ method: 'POST', url: onVgl(url), headers, payload: body }),
    });
    await seedGames(t, [
      { name: TRICKY, slug: 'tom-and-jerry', year: 2019, platforms: ['switch'], cover: 'co1abc' },
      { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['switch'] },
      ...GAMES,
    ]);
    for (const [username, overrides] of [['ann', {}], ['bob', { is_private: 1 }], ['cat', {}]] as const) {
      ids[username] = (await createUser(t.db.kysely, { username, ...overrides })).id;
      tokens[username] = await loginToken(t.app, username);
    }
    for (const who of ['ann', 'bob', 'cat']) {
      const res = await remote.signedPost(`${actorOf(who)}/inbox`, { '@context': 'https://www.w3.org/ns/activitystreams', id: remoteActivityId(remote.origin), type: 'Follow', actor: remote.actorId, object: actorOf(who) });
      expect(res.statusCode, res.body).toBe(202);
    }
    await remote.waitFor((d) => d.activity.type === 'Accept' && d.activity.actor === actorOf('cat'), 'cat’s Accept');
  });
  afterAll(async () => {
    await t?.close();
    await remote?.close();
  });

  const as = (who: string) => bearer(tokens[who]!);
  const addPlay = (who: string, game: string, body: object) => t.app.inject({ method: 'POST', url: `/api/users/${who}/library/${game}/plays`, headers: as(who), payload: body });
  const editPlay = (who: string, id: number, body: object) => t.app.inject({ method: 'PUT', url: `/api/users/${who}/plays/${id}`, headers: as(who), payload: body });
  const newList = (who: string, body: object) => t.app.inject({ method: 'POST', url: `/api/users/${who}/lists`, headers: as(who), payload: body });
  const editList = (who: string, slug: string, body: object) => t.app.inject({ method: 'PUT', url: `/api/users/${who}/lists/${slug}`, headers: as(who), payload: body });
  const addToList = (who: string, slug: string, game: string) => t.app.inject({ method: 'POST', url: `/api/users/${who}/lists/${slug}/games`, headers: as(who), payload: { game } });
  const signedBy = (delivery: Delivery, who: string) => {
    expect(delivery.verified).toBe(true);
    expect(delivery.keyOwner).toBe(actorOf(who));
    expect(delivery.digestMatches).toBe(true);
  };
  const mark = () => remote.deliveries.length;
  /** Deliveries since `from` (Accepts aside), as "Type object-id". */
  const since = (from: number) => remote.deliveries.slice(from).filter((d) => d.activity.type !== 'Accept').map((d) => `${d.activity.type as string} ${objectIdOf(d)}`);

  it('sends a finished play as a Create(Note): the game, the platform, the hours, the rating in stars and numbers, a link and the cover', async () => {
    const before = mark();
    const started = await addPlay('ann', 'tom-and-jerry', { startedOn: '2025-01-04', platform: 'switch' });
    expect(started.statusCode, started.body).toBe(201);
    await sleep(1000);
    // Under way: nothing to say yet.
    expect(since(before)).toEqual([]);
    const entry = await t.db.kysely.selectFrom('library_entries').select(['id', 'game_id']).where('user_id', '=', ids.ann!).executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('diary_entries')
      .values({ user_id: ids.ann!, entry_id: entry.id, game_id: entry.game_id, played_on: '2025-01-05', event: 'played', rating: null, note: null, minutes_played: 3720, created_at: Date.now(), platform_id: null, play_id: null })
      .execute();
    const finished = await editPlay('ann', started.json().id, { startedOn: '2025-01-04', finishedOn: '2025-02-11', platform: 'switch', rating: 9 });
    expect(finished.statusCode, finished.body).toBe(200);
    const create = await remote.waitFor((d) => d.activity.type === 'Create' && JSON.stringify(d.activity).includes('Finished'), 'the Create of the play');
    signedBy(create, 'ann');
    expect(create.path).toBe('/inbox');
    expect(create.activity).toMatchObject({ actor: actorOf('ann'), to: 'as:Public', cc: `${actorOf('ann')}/followers` });
    const note = objectOf(create);
    expect(note).toMatchObject({
      id: expect.stringMatching(new RegExp(`^${ORIGIN}/ap/notes/play-${started.json().id}-[0-9a-z]+$`)),
      type: 'Note',
      attributedTo: actorOf('ann'),
      url: `${ORIGIN}/games/tom-and-jerry`,
      attachment: { type: 'Image', url: 'https://images.igdb.com/igdb/image/upload/t_cover_big/co1abc.jpg', mediaType: 'image/jpeg', name: `Cover of ${TRICKY}` },
    });
    expect(note.content).toBe(`<p>Finished <strong>${TRICKY_HTML}</strong> (Nintendo Switch) — 62 hours, ★★★★½ 4.5/5</p><p><a href="${ORIGIN}/games/tom-and-jerry">On VGL</a></p>`);
    // As Mastodon reads it, through a JSON-LD processor.
    const [expanded] = (await expandJsonLd(create.activity)) as Record<string, unknown>[];
    expect(expanded!['@type']).toEqual([`${AS}Create`]);
    const [object] = expanded![`${AS}object`] as Record<string, unknown>[];
    expect(object!['@type']).toEqual([`${AS}Note`]);
    expect(object![`${AS}content`]).toEqual([{ '@value': note.content }]);
    // At its id, and in the outbox.
    const fetched = await t.app.inject({ url: onVgl(note.id as string), headers: AP_JSON });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toMatchObject({ id: note.id, type: 'Note', content: note.content });
    const outbox = await t.app.inject({ url: `/ap/users/${ids.ann}/outbox?cursor=0`, headers: AP_JSON });
    expect(outbox.json().orderedItems).toEqual([expect.objectContaining({ type: 'Create', object: expect.objectContaining({ id: note.id, type: 'Note' }) })]);
    expect((await t.app.inject({ url: `/ap/users/${ids.ann}/outbox`, headers: AP_JSON })).json().totalItems).toBe(1);
  });

  it('sends an edit that shows as an Update of the same Note, nothing for one that does not, and a Delete when it is no longer finished', async () => {
    const sent = await t.db.kysely.selectFrom('federation_objects').select(['subject_id', 'object_key']).where('user_id', '=', ids.ann!).where('kind', '=', 'play').executeTakeFirstOrThrow();
    const noteId = `${ORIGIN}/ap/notes/${sent.object_key}`;
    let before = mark();
    expect((await editPlay('ann', sent.subject_id, { startedOn: '2025-01-04', finishedOn: '2025-02-11', platform: 'switch', rating: 10 })).statusCode).toBe(200);
    const update = await remote.waitFor((d) => d.activity.type === 'Update' && objectIdOf(d) === noteId, 'the Update of the play');
    signedBy(update, 'ann');
    expect(objectOf(update).content).toBe(`<p>Finished <strong>${TRICKY_HTML}</strong> (Nintendo Switch) — 62 hours, ★★★★★ 5/5</p><p><a href="${ORIGIN}/games/tom-and-jerry">On VGL</a></p>`);
    // Another start date shows nowhere in the note: nothing is sent.
    expect((await editPlay('ann', sent.subject_id, { startedOn: '2025-01-03', finishedOn: '2025-02-11', platform: 'switch', rating: 10 })).statusCode).toBe(200);
    await sleep(1000);
    expect(since(before)).toEqual([`Update ${noteId}`]);
    before = mark();
    expect((await editPlay('ann', sent.subject_id, { startedOn: '2025-01-03', finishedOn: null, platform: 'switch', rating: 10 })).statusCode).toBe(200);
    const deletion = await remote.waitFor((d) => d.activity.type === 'Delete' && objectIdOf(d) === noteId, 'the Delete of the play');
    signedBy(deletion, 'ann');
    expect(objectOf(deletion)).toMatchObject({ type: 'Tombstone', id: noteId });
    expect((await t.app.inject({ url: onVgl(noteId), headers: AP_JSON })).statusCode).toBe(404);
    await sleep(500);
    expect(since(before)).toEqual([`Delete ${noteId}`]);
  });

  it('deletes a finished replay deleted, and every play of a game removed from the library', async () => {
    const first = await t.db.kysely.selectFrom('plays').select('id').where('user_id', '=', ids.ann!).executeTakeFirstOrThrow();
    expect((await editPlay('ann', first.id, { startedOn: '2025-01-03', finishedOn: '2025-02-11', platform: 'switch', rating: 10 })).statusCode).toBe(200);
    const replay = await addPlay('ann', 'tom-and-jerry', { startedOn: '2025-03-01', finishedOn: '2025-03-09', completion: 'complete' });
    expect(replay.statusCode, replay.body).toBe(201);
    const replayCreate = await remote.waitFor((d) => d.activity.type === 'Create' && (objectIdOf(d) ?? '').includes(`/play-${replay.json().id}-`), 'the Create of the replay');
    // Not rated, no platform, no sessions of its own: the game alone.
    expect(objectOf(replayCreate).content).toBe(`<p>Finished <strong>${TRICKY_HTML}</strong></p><p><a href="${ORIGIN}/games/tom-and-jerry">On VGL</a></p>`);
    const firstCreate = await remote.waitFor((d) => d.activity.type === 'Create' && (objectIdOf(d) ?? '').includes(`/play-${first.id}-`), 'the first play sent again');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/ann/plays/${replay.json().id}`, headers: as('ann') })).statusCode).toBe(204);
    await remote.waitFor((d) => d.activity.type === 'Delete' && objectIdOf(d) === objectIdOf(replayCreate), 'the Delete of the replay');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users/ann/library/tom-and-jerry', headers: as('ann') })).statusCode).toBe(204);
    await remote.waitFor((d) => d.activity.type === 'Delete' && objectIdOf(d) === objectIdOf(firstCreate), 'the Delete of the first play, with its game');
    // Forgotten once its Delete was queued (a moment after it may have arrived).
    const records = () => t.db.kysely.selectFrom('federation_objects').select('id').where('user_id', '=', ids.ann!).execute();
    for (let i = 0; i < 20 && (await records()).length > 0; i++) await sleep(100);
    expect(await records()).toEqual([]);
  });

  it('sends a public list once its edits settle, as a Create(Article) with the title, the description and its games; ten games added in a row make one Update', async () => {
    const before = mark();
    const made = await newList('ann', { title: TRICKY, description: 'Cartoons & <em>cats</em>.\n\nAnd mice.', ranked: true, visibility: 'public' });
    expect(made.statusCode, made.body).toBe(201);
    const slug = made.json().slug as string;
    expect((await addToList('ann', slug, 'celeste')).statusCode).toBe(201);
    const create = await remote.waitFor((d) => d.activity.type === 'Create' && objectOf(d).type === 'Article', 'the Create of the list');
    signedBy(create, 'ann');
    const article = objectOf(create);
    const listUrl = `${ORIGIN}/u/ann/lists/${slug}`;
    expect(article).toMatchObject({
      id: expect.stringMatching(new RegExp(`^${ORIGIN}/ap/articles/list-${made.json().id}-[0-9a-z]+$`)),
      attributedTo: actorOf('ann'),
      name: TRICKY,
      url: listUrl,
    });
    // The list was created and a game added within a second: one Create, with the game.
    expect(article.content).toBe(
      `<p>Cartoons &amp; &lt;em&gt;cats&lt;/em&gt;.</p><p>And mice.</p><ol><li><a href="${ORIGIN}/games/celeste">Celeste</a></li></ol><p><a href="${listUrl}">1 game on VGL</a></p>`,
    );
    const [expanded] = (await expandJsonLd(create.activity)) as Record<string, unknown>[];
    const [object] = expanded![`${AS}object`] as Record<string, unknown>[];
    expect(object!['@type']).toEqual([`${AS}Article`]);
    expect(object![`${AS}name`]).toEqual([{ '@value': TRICKY }]);
    const fetched = await t.app.inject({ url: onVgl(article.id as string), headers: AP_JSON });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toMatchObject({ id: article.id, type: 'Article', name: TRICKY, content: article.content });
    const outbox = await t.app.inject({ url: `/ap/users/${ids.ann}/outbox?cursor=0`, headers: AP_JSON });
    expect(outbox.json().orderedItems).toEqual([expect.objectContaining({ type: 'Create', object: expect.objectContaining({ id: article.id, type: 'Article' }) })]);

    const burst = mark();
    for (const game of GAMES.slice(0, 10)) expect((await addToList('ann', slug, game.slug)).statusCode).toBe(201);
    const update = await remote.waitFor((d) => d.activity.type === 'Update' && objectIdOf(d) === article.id, 'the Update of the list');
    signedBy(update, 'ann');
    await sleep(2500);
    expect(since(burst)).toEqual([`Update ${article.id as string}`]);
    const items = ['celeste', ...GAMES.slice(0, 9).map((g) => g.slug)];
    expect(objectOf(update).content).toBe(
      `<p>Cartoons &amp; &lt;em&gt;cats&lt;/em&gt;.</p><p>And mice.</p><ol>${items.map((s) => `<li><a href="${ORIGIN}/games/${s}">${s === 'celeste' ? 'Celeste' : `Game ${s.slice(5)}`}</a></li>`).join('')}</ol>` +
        `<p>and 1 more</p><p><a href="${listUrl}">11 games on VGL</a></p>`,
    );
    expect(since(before).filter((line) => line.includes('/ap/articles/'))).toEqual([`Create ${article.id as string}`, `Update ${article.id as string}`]);
  });

  it('sends nothing of a private or followers’ list, deletes a list made private at once, and a deleted one', async () => {
    const before = mark();
    expect((await newList('ann', { title: 'Only mine', description: null, ranked: false, visibility: 'private' })).statusCode).toBe(201);
    expect((await newList('ann', { title: 'For my followers', description: null, ranked: false, visibility: 'followers' })).statusCode).toBe(201);
    await sleep(2500);
    expect(since(before).filter((line) => line.includes('/ap/articles/'))).toEqual([]);
    const sent = await t.db.kysely.selectFrom('federation_objects as o').innerJoin('lists as l', 'l.id', 'o.subject_id').select(['o.object_key', 'l.slug', 'l.title']).where('o.kind', '=', 'list').executeTakeFirstOrThrow();
    const articleId = `${ORIGIN}/ap/articles/${sent.object_key}`;
    const hiding = mark();
    expect((await editList('ann', sent.slug, { title: sent.title, description: null, ranked: true, visibility: 'private' })).statusCode).toBe(200);
    // No settling for a list that went private: within the second.
    const deletion = await remote.waitFor((d) => d.activity.type === 'Delete' && objectIdOf(d) === articleId, 'the Delete of the list made private', 900);
    signedBy(deletion, 'ann');
    expect(objectOf(deletion)).toMatchObject({ type: 'Tombstone', id: articleId });
    expect((await t.app.inject({ url: onVgl(articleId), headers: AP_JSON })).statusCode).toBe(404);
    await sleep(2000);
    expect(since(hiding)).toEqual([`Delete ${articleId}`]);
    // Public again: a new Article (servers keep the tombstone of the old id); then deleted.
    expect((await editList('ann', sent.slug, { title: sent.title, description: null, ranked: true, visibility: 'public' })).statusCode).toBe(200);
    const again = await remote.waitFor((d) => d.activity.type === 'Create' && objectOf(d).type === 'Article' && objectIdOf(d) !== articleId, 'the list public again');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/ann/lists/${sent.slug}`, headers: as('ann') })).statusCode).toBe(204);
    await remote.waitFor((d) => d.activity.type === 'Delete' && objectIdOf(d) === objectIdOf(again), 'the Delete of the deleted list', 900);
  });

  it('publishes nothing of a private profile, and deletes the plays and lists of a member who goes private', async () => {
    const before = mark();
    expect((await addPlay('bob', 'celeste', { finishedOn: '2025-01-02', rating: 8 })).statusCode).toBe(201);
    expect((await newList('bob', { title: 'Bob’s list', description: null, ranked: false, visibility: 'public' })).statusCode).toBe(201);
    expect((await addPlay('cat', 'celeste', { finishedOn: '2025-01-02', rating: 6 })).statusCode).toBe(201);
    expect((await newList('cat', { title: 'Cat’s list', description: null, ranked: false, visibility: 'public' })).statusCode).toBe(201);
    const play = await remote.waitFor((d) => d.activity.type === 'Create' && d.activity.actor === actorOf('cat') && objectOf(d).type === 'Note', 'cat’s play');
    const list = await remote.waitFor((d) => d.activity.type === 'Create' && d.activity.actor === actorOf('cat') && objectOf(d).type === 'Article', 'cat’s list');
    await sleep(1000);
    expect(remote.deliveries.slice(before).some((d) => d.activity.actor === actorOf('bob'))).toBe(false);
    expect((await t.app.inject({ method: 'PUT', url: '/api/profile/privacy', headers: as('cat'), payload: { isPrivate: true } })).statusCode).toBe(200);
    for (const created of [play, list]) signedBy(await remote.waitFor((d) => d.activity.type === 'Delete' && objectIdOf(d) === objectIdOf(created), `the Delete of ${objectIdOf(created)}`), 'cat');
    expect((await t.app.inject({ url: `/ap/users/${ids.cat}/outbox?cursor=0`, headers: AP_JSON })).json().orderedItems ?? []).toEqual([]);
  });

  it('sends a play finished by a diary session, and an Update when another session changes its hours', async () => {
    const diary = (body: object) => t.app.inject({ method: 'POST', url: '/api/users/ann/diary', headers: as('ann'), payload: { game: 'game-11', rating: null, note: null, replay: false, platform: null, ...body } });
    expect((await diary({ playedOn: '2025-05-01', event: 'finished', minutes: 90 })).statusCode).toBe(201);
    const create = await remote.waitFor((d) => d.activity.type === 'Create' && String(objectOf(d).content).includes('Game 11'), 'the Create of the play the session finished');
    expect(objectOf(create).content).toBe(`<p>Finished <strong>Game 11</strong> — 1.5 hours</p><p><a href="${ORIGIN}/games/game-11">On VGL</a></p>`);
    expect((await diary({ playedOn: '2025-05-02', event: 'played', minutes: 60 })).statusCode).toBe(201);
    const update = await remote.waitFor((d) => d.activity.type === 'Update' && objectIdOf(d) === objectIdOf(create), 'the Update of its hours');
    expect(objectOf(update).content).toBe(`<p>Finished <strong>Game 11</strong> — 2.5 hours</p><p><a href="${ORIGIN}/games/game-11">On VGL</a></p>`);
  });

  it('deletes a list a moderator hides, and every play and list of a member who deletes their account', async () => {
    const mod = await createUser(t.db.kysely, { username: 'mod', role: 'moderator' });
    const modToken = await loginToken(t.app, mod.username);
    const list = await newList('ann', { title: 'Reported list', description: null, ranked: false, visibility: 'public' });
    const kept = await newList('ann', { title: 'Kept list', description: null, ranked: false, visibility: 'public' });
    expect((await addPlay('ann', 'celeste', { finishedOn: '2025-04-01' })).statusCode).toBe(201);
    const listCreate = await remote.waitFor((d) => d.activity.type === 'Create' && objectOf(d).name === 'Reported list', 'the reported list');
    const keptCreate = await remote.waitFor((d) => d.activity.type === 'Create' && objectOf(d).name === 'Kept list', 'the kept list');
    const playCreate = await remote.waitFor((d) => d.activity.type === 'Create' && d.activity.actor === actorOf('ann') && String(objectOf(d).content).includes('Celeste'), 'ann’s play');
    const report = await t.app.inject({ method: 'POST', url: '/api/reports', headers: as('cat'), payload: { targetType: 'list', targetId: list.json().id, reason: 'spam' } });
    expect(report.statusCode, report.body).toBe(201);
    const resolution = await t.app.inject({ method: 'POST', url: `/api/admin/reports/${report.json().id}/resolve`, headers: bearer(modToken), payload: { action: 'hide' } });
    expect(resolution.statusCode, resolution.body).toBe(204);
    signedBy(await remote.waitFor((d) => d.activity.type === 'Delete' && objectIdOf(d) === objectIdOf(listCreate), 'the Delete of the hidden list'), 'ann');
    expect(kept.statusCode).toBe(201);
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/profile', headers: as('ann'), payload: { password: PASSWORD } });
    expect(gone.statusCode, gone.body).toBe(204);
    for (const created of [keptCreate, playCreate]) signedBy(await remote.waitFor((d) => d.activity.type === 'Delete' && objectIdOf(d) === objectIdOf(created), `the Delete of ${objectIdOf(created)}`), 'ann');
    signedBy(await remote.waitFor((d) => d.activity.type === 'Delete' && d.activity.object === actorOf('ann'), 'the Delete of ann'), 'ann');
  });
});
