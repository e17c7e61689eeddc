import { SUBMISSION_LIMITS, SUBMISSION_MESSAGES, submissionYearMax, type AdminSubmission, type GameSubmission, type NotificationItem } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(dbKinds)('game submissions on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [
      { name: 'Tetris', slug: 'tetris', year: 1989, platforms: ['gb'] },
      { name: 'The Legend of Zelda', slug: 'the-legend-of-zelda', year: 1986, platforms: ['nes'] },
    ]);
    await createUser(t.db.kysely, { username: 'mod', role: 'moderator' });
    token.mod = await loginToken(t.app, 'mod');
    await createUser(t.db.kysely, { username: 'admin1', role: 'admin' });
    token.admin1 = await loginToken(t.app, 'admin1');
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, who?: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? bearer(token[who]!) : {}, ...(payload ? { payload } : {}) });
  const submit = (who: string, body: object) => call('POST', '/api/games/submissions', who, body);

  /** A fresh member, so quota cases start clean. */
  async function member(overrides: { state?: 'active' | 'suspended' } = {}) {
    seq += 1;
    const user = await createUser(t.db.kysely, { username: `adder${seq}`, ...overrides });
    token[user.username] = await loginToken(t.app, user.username);
    return user.username;
  }
  const notifications = async (who: string) => (await call('GET', '/api/notifications', who)).json<NotificationItem[]>();
  const audit = async () => (await call('GET', '/api/admin/audit', 'mod')).json<{ action: string; targetLabel: string; reason: string | null }[]>();

  it('needs a signed-in member in good standing: 401 without a token, 403 when suspended', async () => {
    expect((await submit('', { name: 'Night Harbour' })).statusCode).toBe(401);
    const suspended = await member({ state: 'suspended' });
    const res = await submit(suspended, { name: 'Night Harbour' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('account_suspended');
  });

  it('says what is wrong with each field (400)', async () => {
    const who = await member();
    const errors = async (body: object) => (await submit(who, body)).json<{ errors: Record<string, string> }>().errors;
    expect(await errors({})).toEqual({ name: SUBMISSION_MESSAGES.nameRequired });
    expect(await errors({ name: '   ' })).toEqual({ name: SUBMISSION_MESSAGES.nameRequired });
    // Zero-width spaces, a right-to-left override and a BOM: nothing one can see.
    expect(await errors({ name: '\u200b\u202e\u200d\ufeff' })).toEqual({ name: SUBMISSION_MESSAGES.nameInvisible });
    expect(await errors({ name: 'x'.repeat(201) })).toEqual({ name: SUBMISSION_MESSAGES.nameTooLong });
    expect(await errors({ name: 'Old', year: 1949 })).toEqual({ year: SUBMISSION_MESSAGES.yearRange(submissionYearMax()) });
    expect(await errors({ name: 'Far', year: submissionYearMax() + 1 })).toEqual({ year: SUBMISSION_MESSAGES.yearRange(submissionYearMax()) });
    expect(await errors({ name: 'Link', url: 'javascript:alert(1)' })).toEqual({ url: SUBMISSION_MESSAGES.urlInvalid });
    expect(await errors({ name: 'Link', url: 'ftp://example.com/game' })).toEqual({ url: SUBMISSION_MESSAGES.urlInvalid });
    const unknown = await submit(who, { name: 'Platformer', platforms: ['win', 'no-such-console'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: SUBMISSION_MESSAGES.unknownPlatform('no-such-console'), errors: { platforms: SUBMISSION_MESSAGES.unknownPlatform('no-such-console') } });
    // Nothing was made by any of these.
    expect(await t.db.kysely.selectFrom('game_submissions').select('id').execute()).toEqual([]);
  });

  it('makes the game at once (201): bidi overrides stripped, a member game its submitter can log, rate and review', async () => {
    const who = await member();
    const res = await submit(who, { name: '  Night\u202e Harbour\u200b ', year: 2024, platforms: ['win', 'switch', 'win'], url: 'https://example.com/night-harbour' });
    expect(res.statusCode).toBe(201);
    const submission = res.json<GameSubmission>();
    expect(submission).toMatchObject({
      name: 'Night Harbour',
      year: 2024,
      platforms: [
        { slug: 'win', name: 'PC (Microsoft Windows)' },
        { slug: 'switch', name: 'Nintendo Switch' },
      ],
      url: 'https://example.com/night-harbour',
      state: 'pending',
      reason: null,
      game: { slug: 'night-harbour', name: 'Night Harbour' },
      mergedInto: null,
    });
    const game = await t.db.kysely.selectFrom('games').selectAll().where('slug', '=', 'night-harbour').executeTakeFirstOrThrow();
    expect(game).toMatchObject({ source: 'member', release_year: 2024, popularity: 0 });

    // Log, rate and review it, keep a diary line and put it on a list, as with any game.
    const saved = await call('PUT', `/api/users/${who}/library/night-harbour`, who, { status: 2, rating: 8, review: 'A quiet gem.', platforms: ['switch'] });
    expect(saved.statusCode).toBe(201);
    expect((await call('POST', `/api/users/${who}/diary`, who, { game: 'night-harbour', playedOn: '2025-01-02', event: 'played', minutes: 30 })).statusCode).toBe(201);
    expect((await call('POST', `/api/users/${who}/lists`, who, { title: 'Mine' })).statusCode).toBe(201);
    expect((await call('POST', `/api/users/${who}/lists/mine/games`, who, { game: 'night-harbour' })).statusCode).toBe(201);

    // Its page, for its submitter: the game with its submission.
    const page = await call('GET', '/api/games/night-harbour/submission', who);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ name: 'Night Harbour', source: 'member', platforms: [{ slug: 'switch' }, { slug: 'win' }], submission: { state: 'pending' } });
    expect(page.json().community).toMatchObject({ count: 1 });
    // The catalog's own call does not know it; a moderator sees it too.
    expect((await call('GET', '/api/igdb/games/night-harbour', who)).statusCode).toBe(404);
    expect((await call('GET', '/api/games/night-harbour/submission', 'mod')).statusCode).toBe(200);
    // A catalog game has no submission page.
    expect((await call('GET', '/api/games/tetris/submission', who)).statusCode).toBe(404);
  });

  it('answers 409 with the catalog game when the title (and year, when given) is there already', async () => {
    const who = await member();
    const same = await submit(who, { name: 'tetris' });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({
      error: 'already_in_catalog',
      message: SUBMISSION_MESSAGES.alreadyInCatalog('Tetris (1989)'),
      statusCode: 409,
      game: { slug: 'tetris', name: 'Tetris', year: 1989 },
    });
    // The catalog's way of writing titles: "Legend of Zelda, The" is "The Legend of Zelda".
    const zelda = await submit(who, { name: 'Legend of Zelda, The', year: 1986 });
    expect(zelda.statusCode).toBe(409);
    expect(zelda.json().game.slug).toBe('the-legend-of-zelda');
    // Another year is another game.
    const remake = await submit(who, { name: 'Tetris', year: 2023 });
    expect(remake.statusCode).toBe(201);
    expect(remake.json().game.slug).toBe('tetris-2023');
  });

  it(`allows ${SUBMISSION_LIMITS.perDay} games a day per member, then answers 429`, async () => {
    const who = await member();
    for (let i = 1; i <= SUBMISSION_LIMITS.perDay; i += 1) expect((await submit(who, { name: `Daily Game ${who} ${i}` })).statusCode).toBe(201);
    const over = await submit(who, { name: `Daily Game ${who} extra` });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(SUBMISSION_MESSAGES.tooMany);
    // Someone else still may.
    expect((await submit(await member(), { name: `Daily Game ${who} extra` })).statusCode).toBe(201);
  });

  it('lists submissions for staff only, pending first, with the total in X-Total-Count', async () => {
    const who = await member();
    expect((await call('GET', '/api/admin/submissions', who)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/submissions')).statusCode).toBe(401);
    const res = await call('GET', '/api/admin/submissions?limit=100', 'mod');
    expect(res.statusCode).toBe(200);
    const items = res.json<AdminSubmission[]>();
    expect(Number(res.headers['x-total-count'])).toBe(items.length);
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]).toMatchObject({ state: 'pending', viewerCan: { approve: true, merge: true, reject: true } });
    const pending = await call('GET', '/api/admin/submissions?state=pending&limit=1', 'mod');
    expect(pending.json()).toHaveLength(1);
    expect(Number(pending.headers['x-total-count'])).toBeGreaterThan(1);
  });

  it('approves: the game joins the catalog, the submitter is told, the audit log says who', async () => {
    const who = await member();
    const { id, game } = (await submit(who, { name: 'Lantern Keeper', year: 2021, platforms: ['win'] })).json<GameSubmission>();
    await call('PUT', `/api/users/${who}/library/${game!.slug}`, who, { status: 1, rating: 6 });
    const res = await call('POST', `/api/admin/submissions/${id}/approve`, 'mod');
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminSubmission>()).toMatchObject({ state: 'approved', decidedBy: { username: 'mod' }, viewerCan: { approve: false, merge: true, reject: false } });

    expect((await call('GET', '/api/igdb/games/lantern-keeper')).statusCode).toBe(200);
    expect((await call('GET', '/api/games/lantern-keeper/submission', who)).statusCode).toBe(404);
    await expect.poll(async () => (await call('GET', '/api/igdb/search?q=lantern%20keeper')).json<{ slug: string }[]>().map((g) => g.slug)).toEqual(['lantern-keeper']);
    expect((await call('GET', `/api/users/${who}/library/lantern-keeper`, who)).json()).toMatchObject({ status: 1, rating: 6 });

    expect(await notifications(who)).toEqual([
      expect.objectContaining({ kind: 'submission_approved', actor: { username: 'mod', avatar: null }, submission: { name: 'Lantern Keeper', game: { slug: 'lantern-keeper', name: 'Lantern Keeper' } } }),
    ]);
    expect((await audit())[0]).toMatchObject({ action: 'submission.approve', targetLabel: 'Lantern Keeper' });

    // Decided once: a second decision is a clear 409.
    const again = await call('POST', `/api/admin/submissions/${id}/approve`, 'admin1');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SUBMISSION_MESSAGES.alreadyDecided('approved', 'mod'));
    expect((await call('POST', `/api/admin/submissions/${id}/reject`, 'admin1', { reason: 'Too late' })).statusCode).toBe(409);
    expect((await call('POST', '/api/admin/submissions/999999/approve', 'mod')).statusCode).toBe(404);
  });

  it('rejects with a reason: the game stays the submitter’s own, with their entries, never listed', async () => {
    const who = await member();
    const { id, game } = (await submit(who, { name: 'Spam Spam Spam' })).json<GameSubmission>();
    await call('PUT', `/api/users/${who}/library/${game!.slug}`, who, { status: 4 });
    expect((await call('POST', `/api/admin/submissions/${id}/reject`, 'mod', { reason: '' })).statusCode).toBe(400);
    const res = await call('POST', `/api/admin/submissions/${id}/reject`, 'mod', { reason: 'Not a video game' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'rejected', reason: 'Not a video game' });

    expect((await call('GET', `/api/igdb/games/${game!.slug}`)).statusCode).toBe(404);
    const own = await call('GET', `/api/games/${game!.slug}/submission`, who);
    expect(own.json()).toMatchObject({ submission: { state: 'rejected', reason: 'Not a video game' } });
    expect((await call('GET', `/api/users/${who}/library/${game!.slug}`, who)).json()).toMatchObject({ status: 4 });
    expect((await notifications(who))[0]).toMatchObject({ kind: 'submission_rejected', message: 'Not a video game', submission: { name: 'Spam Spam Spam' } });
    expect((await audit())[0]).toMatchObject({ action: 'submission.reject', reason: 'Not a video game' });
    // Rejected is final for approval.
    expect((await call('POST', `/api/admin/submissions/${id}/approve`, 'mod')).statusCode).toBe(409);
  });

  it('merges into a catalog game: every entry moves, and a member who has both keeps one entry with both reviews', async () => {
    const who = await member();
    const { id, game } = (await submit(who, { name: 'Tetris DX Edition', year: 1998 })).json<GameSubmission>();
    const slug = game!.slug;
    // The submitter has both games, a review on each; their review of the submission has a like and a comment.
    await call('PUT', `/api/users/${who}/library/${slug}`, who, { status: 2, rating: 9, review: 'Colour Tetris!', platforms: ['gb'] });
    await call('PUT', `/api/users/${who}/library/tetris`, who, { status: 1, review: 'The classic.', platforms: ['gbc'] });
    await call('POST', `/api/users/${who}/diary`, who, { game: slug, playedOn: '2025-02-01', event: 'played', minutes: 30 });
    // A replay on the entry the merge drops, with a session of its own: both survive it, in the kept entry (issue 38).
    await call('POST', `/api/users/${who}/library/tetris/plays`, who, { startedOn: '2025-02-15', rating: 10, review: 'Again, in colour.' });
    await call('POST', `/api/users/${who}/diary`, who, { game: 'tetris', playedOn: '2025-02-20', replay: true, minutes: 45 });
    const entryId = (await t.db.kysely.selectFrom('library_entries').select('id').where('review', '=', 'Colour Tetris!').executeTakeFirstOrThrow()).id;
    // A moderator may see (and so like) the submitted game's review.
    expect((await call('POST', '/api/like', 'mod', { entityId: String(entryId) })).statusCode).toBeLessThan(300);
    expect((await call('POST', `/api/users/${who}/lists`, who, { title: 'Handhelds' })).statusCode).toBe(201);
    await call('POST', `/api/users/${who}/lists/handhelds/games`, who, { game: slug, note: 'In colour' });
    await call('POST', `/api/users/${who}/lists/handhelds/games`, who, { game: 'tetris' });

    expect((await call('POST', `/api/admin/submissions/${id}/merge`, 'mod', { game: 'no-such-game' })).json()).toMatchObject({
      errors: { game: SUBMISSION_MESSAGES.mergeTargetMissing('no-such-game') },
    });
    expect((await call('POST', `/api/admin/submissions/${id}/merge`, 'mod', { game: slug })).statusCode).toBe(400);
    const res = await call('POST', `/api/admin/submissions/${id}/merge`, 'mod', { game: 'tetris' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'merged', game: null, mergedInto: { slug: 'tetris', name: 'Tetris' } });

    expect(await t.db.kysely.selectFrom('games').select('id').where('slug', '=', slug).executeTakeFirst()).toBeUndefined();
    const entry = (await call('GET', `/api/users/${who}/library/tetris`, who)).json();
    // The richer entry (a rating and a finish) kept, both reviews in it, the platforms of both.
    // Its rating the latest play's verdict: the replay's.
    expect(entry).toMatchObject({ status: 2, rating: 10, review: 'Colour Tetris!\n\nThe classic.' });
    expect([...entry.platform].sort()).toEqual(['gb', 'gbc']);
    const kept = await t.db.kysely.selectFrom('library_entries').selectAll().where('id', '=', entryId).executeTakeFirstOrThrow();
    expect(kept.likes_count).toBe(1);
    expect(await t.db.kysely.selectFrom('review_likes').select('user_id').where('entry_id', '=', entryId).execute()).toHaveLength(1);
    const diary = await t.db.kysely.selectFrom('diary_entries').select(['game_id', 'entry_id']).where('played_on', '=', '2025-02-01').execute();
    expect(diary).toEqual([{ game_id: kept.game_id, entry_id: entryId }]);
    const plays = (await call('GET', `/api/users/${who}/library/tetris/plays`, who)).json<{ replay: boolean; review: string | null; sessions: number }[]>();
    expect(plays.filter((p) => p.replay).map((p) => [p.review, p.sessions])).toEqual([['Again, in colour.', 2]]);
    expect(plays.filter((p) => !p.replay)).toHaveLength(1);
    const list = (await call('GET', `/api/users/${who}/lists/handhelds`, who)).json<{ items: { note: string | null; game: { slug: string } }[] }>();
    expect(list.items.map((i) => [i.game.slug, i.note])).toEqual([['tetris', 'In colour']]);
    expect((await notifications(who))[0]).toMatchObject({ kind: 'submission_merged', submission: { name: 'Tetris DX Edition', game: { slug: 'tetris', name: 'Tetris' } } });
    expect((await audit())[0]).toMatchObject({ action: 'submission.merge', targetLabel: 'Tetris DX Edition' });
    expect((await call('POST', `/api/admin/submissions/${id}/merge`, 'mod', { game: 'tetris' })).statusCode).toBe(409);
  });

  it('lists other pending submissions of the same title together, so one can be approved and the rest merged into it', async () => {
    const [a, b] = [await member(), await member()];
    const first = (await submit(a, { name: 'Echo Garden', year: 2022 })).json<GameSubmission>();
    const second = (await submit(b, { name: 'ECHO GARDEN' })).json<GameSubmission>();
    // Neither sees the other's.
    expect(second.game!.slug).toBe('echo-garden-2');
    expect((await call('GET', `/api/games/${first.game!.slug}/submission`, b)).statusCode).toBe(404);
    const queue = (await call('GET', '/api/admin/submissions?state=pending&limit=100', 'mod')).json<AdminSubmission[]>();
    expect(queue.find((s) => s.id === first.id)!.sameTitle).toEqual([second.id]);
    await call('POST', `/api/admin/submissions/${first.id}/approve`, 'mod');
    const merged = await call('POST', `/api/admin/submissions/${second.id}/merge`, 'mod', { game: first.game!.slug });
    expect(merged.json()).toMatchObject({ state: 'merged', mergedInto: { slug: 'echo-garden' } });
  });
});
