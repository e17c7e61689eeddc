import { INSTANCE_MESSAGES, type InstanceRule } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

const URL_BASE = '/api/admin/federation/instances';

/** A remote account following a member, written as the inbox would have written it. */
const follow = (userId: number, actorId: string, state: 'accepted' | 'pending' = 'accepted') => ({
  user_id: userId,
  actor_id: actorId,
  inbox: `${actorId}/inbox`,
  shared_inbox: null,
  follow_id: `${actorId}#follow-${userId}`,
  state,
  created_at: Date.now(),
});

describe.each(dbKinds)('instance blocks and silences (/api/admin/federation/instances) on %s', (kind) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const [username, role] of [['ann', 'user'], ['mod', 'moderator'], ['root', 'admin']] as const) {
      ids[username] = (await createUser(t.db.kysely, { username, role })).id;
      tokens[username] = await loginToken(t.app, username);
    }
  });
  afterAll(() => t?.close());

  const as = (who?: string) => (who ? bearer(tokens[who]!) : {});
  const list = (who?: string) => t.app.inject({ method: 'GET', url: URL_BASE, headers: as(who) });
  const set = (who: string | undefined, payload: object) => t.app.inject({ method: 'POST', url: URL_BASE, headers: as(who), payload });
  const lift = (who: string | undefined, domain: string) => t.app.inject({ method: 'DELETE', url: `${URL_BASE}/${encodeURIComponent(domain)}`, headers: as(who) });
  const audit = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: as('root') })).json() as { action: string; targetType: string; targetLabel: string; reason: string | null; actor: { username: string } }[];

  it('is for moderators and admins: 401 without a token, 403 for a member, whatever the body', async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await list('ann')).statusCode).toBe(403);
    expect((await set(undefined, { domain: 'spam.example', policy: 'block' })).statusCode).toBe(401);
    expect((await set('ann', { domain: 'spam.example', policy: 'block' })).statusCode).toBe(403);
    expect((await set('ann', { domain: 'https://nonsense' })).statusCode).toBe(403);
    expect((await lift(undefined, 'spam.example')).statusCode).toBe(401);
    expect((await lift('ann', 'spam.example')).statusCode).toBe(403);
    expect((await list('mod')).json()).toEqual([]);
    expect((await list('root')).statusCode).toBe(200);
  });

  it('refuses what is not a bare domain with a 400 saying why, and stores nothing', async () => {
    const cases: [unknown, string][] = [
      ['https://spam.example', INSTANCE_MESSAGES.domainOnly],
      ['spam.example/users/bob', INSTANCE_MESSAGES.domainOnly],
      ['spam.example:8443', INSTANCE_MESSAGES.domainOnly],
      ['bob@spam.example', INSTANCE_MESSAGES.domainOnly],
      ['spam example', INSTANCE_MESSAGES.domainOnly],
      ['', INSTANCE_MESSAGES.domainMissing],
      ['   ', INSTANCE_MESSAGES.domainMissing],
      [undefined, INSTANCE_MESSAGES.domainMissing],
      [42, INSTANCE_MESSAGES.domainMissing],
      ['localhost', INSTANCE_MESSAGES.domainInvalid],
      ['under_score.example', INSTANCE_MESSAGES.domainInvalid],
      ['-dash.example', INSTANCE_MESSAGES.domainInvalid],
      ['spam..example', INSTANCE_MESSAGES.domainInvalid],
      ['300.1.2.3', INSTANCE_MESSAGES.domainInvalid],
      [`${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.example`, INSTANCE_MESSAGES.domainTooLong],
    ];
    for (const [domain, message] of cases) {
      const res = await set('mod', { domain, policy: 'block' });
      expect(res.statusCode, String(domain)).toBe(400);
      expect(res.json(), String(domain)).toMatchObject({ message, errors: { domain: message } });
    }
    const policy = await set('mod', { domain: 'spam.example', policy: 'mute' });
    expect(policy.statusCode).toBe(400);
    expect(policy.json().message).toBe(INSTANCE_MESSAGES.policy);
    const reason = await set('mod', { domain: 'spam.example', policy: 'block', reason: 'x'.repeat(501) });
    expect(reason.json()).toMatchObject({ message: INSTANCE_MESSAGES.reasonTooLong });
    const badLift = await lift('mod', 'https:');
    expect(badLift.statusCode).toBe(400);
    expect(badLift.json().message).toBe(INSTANCE_MESSAGES.domainOnly);
    expect((await list('mod')).json()).toEqual([]);
  });

  it('stores a domain lower-cased, without its final dot, in punycode, and an IPv4 address as it is', async () => {
    const res = await set('mod', { domain: ' Spam.EXAMPLE. ', policy: 'silence', reason: '  Floods of ads.  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ domain: 'spam.example', policy: 'silence', reason: 'Floods of ads.', createdBy: 'mod', followers: 0 });
    expect((await set('root', { domain: 'Bücher.example', policy: 'silence' })).json()).toMatchObject({ domain: 'xn--bcher-kva.example', reason: null });
    expect((await set('root', { domain: '203.0.113.7', policy: 'block' })).json()).toMatchObject({ domain: '203.0.113.7' });
    for (const domain of ['spam.example', 'xn--bcher-kva.example', '203.0.113.7']) expect((await lift('mod', domain)).statusCode).toBe(204);
  });

  it('counts the follows each rule covers (subdomains and ports too); a block removes them, a silence keeps them', async () => {
    const k = t.db.kysely;
    await k
      .insertInto('federation_followers')
      .values([
        follow(ids.ann!, 'https://mastodon.example/users/a'),
        follow(ids.ann!, 'https://eu.mastodon.example:8443/users/b', 'pending'),
        follow(ids.ann!, 'https://notmastodon.example/users/c'),
        follow(ids.ann!, 'https://books.example/user/q'),
        follow(ids.ann!, 'https://x.books.example/user/r'),
        follow(ids.ann!, 'https://books.example.org/user/s'),
      ])
      .execute();
    const silenced = await set('mod', { domain: 'mastodon.example', policy: 'silence', reason: 'Too loud' });
    expect(silenced.statusCode).toBe(201);
    expect(silenced.json().followers).toBe(2);
    const blocked = await set('root', { domain: 'books.example', policy: 'block', reason: 'Spam from every account' });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json()).toMatchObject({ domain: 'books.example', policy: 'block', followers: 0, createdBy: 'root' });
    const left = await k.selectFrom('federation_followers').select('actor_id').orderBy('id').execute();
    expect(left.map((r) => r.actor_id)).toEqual(['https://mastodon.example/users/a', 'https://eu.mastodon.example:8443/users/b', 'https://notmastodon.example/users/c', 'https://books.example.org/user/s']);
    const rules = (await list('mod')).json() as InstanceRule[];
    expect(rules.map((r) => [r.domain, r.policy, r.followers])).toEqual([
      ['books.example', 'block', 0],
      ['mastodon.example', 'silence', 2],
    ]);
    expect((await audit()).slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'instance.block', targetType: 'instance', targetLabel: 'books.example', reason: 'Spam from every account', actor: { username: 'root' } }),
      expect.objectContaining({ action: 'instance.silence', targetType: 'instance', targetLabel: 'mastodon.example', reason: 'Too loud', actor: { username: 'mod' } }),
    ]);
  });

  it('changes a rule in place (200, audited), and asking for the same rule again changes nothing (200, not audited)', async () => {
    const before = (await audit()).length;
    const same = await set('mod', { domain: 'MASTODON.example', policy: 'silence', reason: 'Too loud' });
    expect(same.statusCode).toBe(200);
    expect((await audit()).length).toBe(before);
    const changed = await set('mod', { domain: 'mastodon.example', policy: 'block', reason: 'Worse now' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ policy: 'block', reason: 'Worse now', followers: 0 });
    expect((await audit())[0]).toMatchObject({ action: 'instance.block', targetLabel: 'mastodon.example', reason: 'Worse now' });
    expect((await t.db.kysely.selectFrom('federation_followers').select('actor_id').execute()).map((r) => r.actor_id).sort()).toEqual([
      'https://books.example.org/user/s',
      'https://notmastodon.example/users/c',
    ]);
  });

  it('lifts a rule (204, audited); lifting one that is not there is a 404', async () => {
    expect((await lift('mod', 'Mastodon.Example')).statusCode).toBe(204);
    expect((await audit())[0]).toMatchObject({ action: 'instance.remove', targetLabel: 'mastodon.example', reason: 'block lifted', actor: { username: 'mod' } });
    const again = await lift('mod', 'mastodon.example');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(INSTANCE_MESSAGES.notListed);
    expect(((await list('mod')).json() as InstanceRule[]).map((r) => r.domain)).toEqual(['books.example']);
  });

  it.runIf(kind === 'postgres')('two identical requests at once leave one rule and one audit row', async () => {
    const before = (await audit()).length;
    const answers = await Promise.all([set('mod', { domain: 'twice.example', policy: 'block' }), set('root', { domain: 'twice.example', policy: 'block' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(await t.db.kysely.selectFrom('federation_instances').select('domain').where('domain', '=', 'twice.example').execute()).toHaveLength(1);
    expect((await audit()).length).toBe(before + 1);
  });
});
