import { TOKEN_LIMITS, TOKEN_MESSAGES } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken, PASSWORD } from '../../test/users.js';

describe.each(dbKinds)('personal access tokens on %s', (kind) => {
  let t: TestApp;
  let session: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [
      { name: 'Tetris', slug: 'tetris', year: 1984, platforms: ['gb'] },
      { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['switch'] },
    ]);
    await createUser(t.db.kysely, { username: 'ann' });
    session = await loginToken(t.app, 'ann');
  });
  afterAll(() => t.close());

  const make = async (name: string, scope: 'read' | 'write', token = session) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/profile/tokens', headers: bearer(token), payload: { name, scope } });
    return res;
  };
  const putEntry = (token: string, slug: string, payload: object = { status: 1 }) =>
    t.app.inject({ method: 'PUT', url: `/api/users/ann/library/${slug}`, headers: bearer(token), payload });

  it('is shown once, stored hashed, and listed with its name, scope and last use', async () => {
    const res = await make('backup script', 'read');
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.token).toMatch(/^vgl_pat_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'backup script', scope: 'read', lastUsedAt: null, hint: created.token.slice(0, 12) });
    const stored = await t.db.kysely.selectFrom('access_tokens').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(created.token.slice(8));
    expect(JSON.stringify(stored)).not.toContain(created.token);

    expect((await t.app.inject({ method: 'GET', url: '/api/users/ann/library/tetris', headers: bearer(created.token) })).statusCode).toBe(404);
    const list = (await t.app.inject({ method: 'GET', url: '/api/profile/tokens', headers: bearer(session) })).json();
    expect(list[0]).toMatchObject({ id: created.id, name: 'backup script', scope: 'read', lastUsedAt: expect.any(Number) });
    expect(list[0]).not.toHaveProperty('token');
  });

  it('reads and writes a library entry with a read-write token, and stops working when revoked', async () => {
    const { token, id } = (await make('phone app', 'write')).json();
    expect((await putEntry(token, 'celeste', { status: 2, rating: 9 })).statusCode).toBe(201);
    const read = await t.app.inject({ method: 'GET', url: '/api/users/ann/library/celeste', headers: bearer(token) });
    expect(read.json()).toMatchObject({ status: 2, rating: 9 });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/profile/tokens/${id}`, headers: bearer(session) })).statusCode).toBe(204);
    const after = await putEntry(token, 'celeste', { status: 3 });
    expect(after.statusCode).toBe(401);
    // Also where a visitor may read: the script must learn that its token is dead.
    const readAfter = await t.app.inject({ method: 'GET', url: '/api/users/ann/library/celeste', headers: bearer(token) });
    expect(readAfter.statusCode).toBe(401);
    expect(readAfter.json().message).toBe(TOKEN_MESSAGES.invalid);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/profile/tokens/${id}`, headers: bearer(session) })).statusCode).toBe(404);
  });

  it('keeps a read-only token to reading', async () => {
    const { token } = (await make('reader', 'read')).json();
    const res = await putEntry(token, 'tetris');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'token_read_only', message: TOKEN_MESSAGES.readOnly });
  });

  it('cannot manage the account or tokens: that takes a session', async () => {
    const { token } = (await make('full', 'write')).json();
    const res = await make('another', 'write', token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'session_required', message: TOKEN_MESSAGES.sessionOnly });
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/tokens', headers: bearer(token) })).statusCode).toBe(403);
  });

  it('refuses bad names and scopes with clear messages, and more than the limit per member', async () => {
    expect((await make('', 'read')).json()).toMatchObject({ errors: { name: TOKEN_MESSAGES.nameRequired } });
    expect((await make('x', 'admin' as 'read')).json()).toMatchObject({ errors: { scope: TOKEN_MESSAGES.scope } });
    const bob = await createUser(t.db.kysely, { username: 'bob' });
    const bobSession = await loginToken(t.app, bob.username);
    for (let i = 0; i < TOKEN_LIMITS.perMember; i += 1) expect((await make(`t${i}`, 'read', bobSession)).statusCode).toBe(201);
    const over = await make('one too many', 'read', bobSession);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(TOKEN_MESSAGES.tooMany);
  });

  it("stops a suspended owner's tokens, and deleting the account revokes them", async () => {
    const cid = await createUser(t.db.kysely, { username: 'cid' });
    const cidSession = await loginToken(t.app, 'cid');
    const { token } = (await make('cid script', 'write', cidSession)).json();
    await t.db.kysely.updateTable('users').set({ state: 'suspended', suspended_at: Date.now(), suspended_reason: 'spam' }).where('id', '=', cid.id).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/users/cid/library', headers: bearer(token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('account_suspended');

    await t.db.kysely.updateTable('users').set({ state: 'active' }).where('id', '=', cid.id).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/users/cid/library', headers: bearer(token) })).statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/profile', headers: bearer(cidSession), payload: { password: PASSWORD } });
    expect(deleted.statusCode).toBe(204);
    expect(await t.db.kysely.selectFrom('access_tokens').select('id').where('user_id', '=', cid.id).execute()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/tokens', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('answers 401 for an unknown token and for a visitor', async () => {
    expect((await putEntry('vgl_pat_' + 'x'.repeat(43), 'tetris')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/tokens' })).statusCode).toBe(401);
  });
});
