import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { IDEMPOTENCY_MESSAGES } from './idempotency.policy.js';
import { KEEP_MS } from './idempotency.repo.js';

const GAMES = [{ name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['win', 'switch'] }];
const SESSION = { game: 'celeste', playedOn: '2024-03-01', minutes: 95 };

describe.each(dbKinds)('Idempotency-Key on members’ writes on %s', (kind) => {
  let t: TestApp;
  let seq = 0;

  async function member() {
    seq += 1;
    const user = await createUser(t.db.kysely, { username: `keyed${seq}` });
    return { id: user.id, name: user.username, token: await loginToken(t.app, user.username) };
  }
  type Member = Awaited<ReturnType<typeof member>>;
  const logSession = (who: Member, key: string | undefined, body: object = SESSION) =>
    t.app.inject({ method: 'POST', url: `/api/users/${who.name}/diary`, headers: { ...bearer(who.token), ...(key === undefined ? {} : { 'idempotency-key': key }) }, payload: body });
  const sessionsOf = async (who: Member) => (await t.db.kysely.selectFrom('diary_entries').select('id').where('user_id', '=', who.id).execute()).length;
  const keysOf = (who: Member) => t.db.kysely.selectFrom('idempotency_keys').selectAll().where('user_id', '=', who.id).execute();

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
  });
  afterAll(() => t?.close());

  it('runs the first request once and answers a repeat with the same status and body, marked as replayed', async () => {
    const me = await member();
    const first = await logSession(me, 'offline-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await logSession(me, '"offline-1"');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.json()).toEqual(first.json());
    expect(await sessionsOf(me)).toBe(1);
    // Without a key, the same body is a second session, as before.
    expect((await logSession(me, undefined)).statusCode).toBe(201);
    expect(await sessionsOf(me)).toBe(2);
  });

  it('keeps a refusal too (a 4xx), and frees nothing for the repeat to write', async () => {
    const me = await member();
    const refused = await logSession(me, 'no-such-game', { ...SESSION, game: 'not-a-game' });
    expect(refused.statusCode).toBe(404);
    const again = await logSession(me, 'no-such-game', { ...SESSION, game: 'not-a-game' });
    expect([again.statusCode, again.headers['idempotent-replayed'], again.json().message]).toEqual([404, 'true', refused.json().message]);
  });

  it('keeps no answer that says “try again” (a 5xx): the retry with the same key runs, and writes once', async () => {
    const me = await member();
    // The write fails on the database's side, whatever the request (a trigger refuses every session).
    const [breakIt, mendIt] =
      kind === 'sqlite'
        ? [sql`create trigger refuse_sessions before insert on diary_entries begin select raise(abort, 'refused for the test'); end`, sql`drop trigger refuse_sessions`]
        : [
            sql`create function refuse_sessions() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$;
                create trigger refuse_sessions before insert on diary_entries for each row execute function refuse_sessions()`,
            sql`drop trigger refuse_sessions on diary_entries; drop function refuse_sessions()`,
          ];
    await breakIt.execute(t.db.kysely);
    try {
      expect((await logSession(me, 'after-a-failure')).statusCode).toBe(500);
      expect(await keysOf(me)).toEqual([]);
    } finally {
      await mendIt.execute(t.db.kysely);
    }
    const retried = await logSession(me, 'after-a-failure');
    expect([retried.statusCode, retried.headers['idempotent-replayed']]).toEqual([201, undefined]);
    expect(await sessionsOf(me)).toBe(1);
  });

  it('refuses a key reused for another request with 422, and a key that is still running with 409', async () => {
    const me = await member();
    expect((await logSession(me, 'k-1')).statusCode).toBe(201);
    const other = await logSession(me, 'k-1', { ...SESSION, minutes: 30 });
    expect([other.statusCode, other.json().message]).toEqual([422, IDEMPOTENCY_MESSAGES.reused]);
    const elsewhere = await t.app.inject({ method: 'DELETE', url: `/api/users/${me.name}/library/celeste`, headers: { ...bearer(me.token), 'idempotency-key': 'k-1' } });
    expect(elsewhere.statusCode).toBe(422);
    expect(await sessionsOf(me)).toBe(1);

    // The first request with "k-2" has claimed it and not answered yet.
    const fingerprintOf = async () => {
      await logSession(me, 'probe', SESSION);
      return (await keysOf(me)).find((k) => k.idempotency_key === 'probe')!.fingerprint;
    };
    const fingerprint = await fingerprintOf();
    await t.db.kysely
      .insertInto('idempotency_keys')
      .values({ user_id: me.id, idempotency_key: 'k-2', fingerprint, status_code: null, response_body: null, content_type: null, created_at: Date.now() })
      .execute();
    const running = await logSession(me, 'k-2');
    expect([running.statusCode, running.json().message]).toEqual([409, IDEMPOTENCY_MESSAGES.inProgress]);
  });

  it('answers a key that is not 1–255 visible ASCII characters with a clear 400', async () => {
    const me = await member();
    for (const key of ['', 'with space', 'x'.repeat(256), 'é']) {
      const res = await logSession(me, key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toMatchObject({ message: IDEMPOTENCY_MESSAGES.invalidKey, errors: { 'Idempotency-Key': IDEMPOTENCY_MESSAGES.invalidKey } });
    }
    expect((await logSession(me, 'x'.repeat(255))).statusCode).toBe(201);
    expect(await sessionsOf(me)).toBe(1);
  });

  it('keeps keys per member, and forgets them after 24 h (a repeat then runs again, and old rows are pruned)', async () => {
    const [ann, bob] = [await member(), await member()];
    expect((await logSession(ann, 'shared')).statusCode).toBe(201);
    const bobs = await logSession(bob, 'shared');
    expect([bobs.statusCode, bobs.headers['idempotent-replayed']]).toEqual([201, undefined]);
    expect([await sessionsOf(ann), await sessionsOf(bob)]).toEqual([1, 1]);

    await t.db.kysely.updateTable('idempotency_keys').set({ created_at: Date.now() - KEEP_MS - 1000 }).where('user_id', '=', ann.id).execute();
    const later = await logSession(ann, 'shared');
    expect([later.statusCode, later.headers['idempotent-replayed']]).toEqual([201, undefined]);
    expect(await sessionsOf(ann)).toBe(2);
    // Another member's expired answer goes with the next pruning write.
    await t.db.kysely.updateTable('idempotency_keys').set({ created_at: Date.now() - KEEP_MS - 1000 }).where('user_id', '=', bob.id).execute();
    const { idempotencyRepo } = await import('./idempotency.repo.js');
    expect(await idempotencyRepo.prune(t.db.kysely, Date.now())).toBeGreaterThanOrEqual(1);
    expect(await keysOf(bob)).toEqual([]);
  });

  it('makes one write of many identical requests sent at once (the others replay it or hear it is running)', async () => {
    const me = await member();
    const answers = await Promise.all(Array.from({ length: 8 }, () => logSession(me, 'at-once')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((c) => c === 201 || c === 409), codes.join()).toBe(true);
    expect(answers.filter((a) => a.statusCode === 201 && a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect(await sessionsOf(me)).toBe(1);
    const after = await logSession(me, 'at-once');
    expect([after.statusCode, after.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(await sessionsOf(me)).toBe(1);
    expect(await keysOf(me)).toHaveLength(1);
  });

  it('documents the header on members’ writes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/users/{username}/diary'].post;
    expect(op.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'Idempotency-Key', required: false })]));
    expect(op.responses).toHaveProperty('422');
  });
});
