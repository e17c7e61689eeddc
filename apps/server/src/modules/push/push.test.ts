import { PUSH_LIMITS, PUSH_MESSAGES } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { startFakePushService, type FakePushService, type FakeSubscription } from '../../test/fake-push-service.js';
import { bearer, createUser, loginToken, PASSWORD } from '../../test/users.js';
import type { JobQueue } from '../jobs/jobs.queue.js';
import { createNotificationsService } from '../notifications/notifications.service.js';
import { pusher } from './push.jobs.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until check() holds (the job queue works in the background). */
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe.each(dbKinds)('Web Push on %s', (kind) => {
  let t: TestApp;
  let push: FakePushService;
  let serverKey: string;
  const token: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    push = await startFakePushService();
    t = await createTestApp(kind);
    for (const username of ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal', 'ivy', 'jo']) {
      ids[username] = (await createUser(t.db.kysely, { username })).id;
      token[username] = await loginToken(t.app, username);
    }
    serverKey = (await call('GET', '/api/push/key')).json().publicKey;
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: string, payload?: object) {
    return t.app.inject({ method, url, headers: who ? bearer(token[who]!) : {}, ...(payload ? { payload } : {}) });
  }
  /** A device of `who` on the local push service, made with this server's key (a push signed otherwise is refused). */
  async function device(who: string, label = 'Test phone'): Promise<FakeSubscription> {
    const sub = push.subscribe({ serverKey });
    const res = await call('POST', '/api/push/subscriptions', who, { ...sub, expirationTime: null, label });
    expect(res.statusCode, res.body).toBe(201);
    return sub;
  }
  const follow = (who: string, whom: string) => call('POST', `/api/users/${whom}/follow`, who);
  const outbox = async () => Number((await t.db.kysely.selectFrom('push_outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const devices = async (who: string) => (await call('GET', '/api/push/subscriptions', who)).json() as { endpoint: string; lastSuccessAt: number | null; label: string }[];
  /** Nothing waits to be pushed, and a little longer (a push would be on its way by now). */
  const settled = async () => {
    await eventually(async () => (await outbox()) === 0, 'the push outbox to empty');
    await sleep(700);
  };

  it('gives its public key to anyone', async () => {
    expect(serverKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });

  it('pushes a follow, encrypted to the device and signed with VAPID, in the words the app uses', async () => {
    const sub = await device('ann', 'Pixel 8');
    expect((await follow('bob', 'ann')).statusCode).toBe(200);
    const [got, ...more] = await push.waitFor(sub.endpoint);
    expect(more).toHaveLength(0);
    expect(got!.payload).toEqual({ title: 'bob followed you', body: '', url: '/u/bob', tag: expect.stringMatching(/^vgl-notification-\d+$/), kind: 'followed' });
    expect(got!.ttl).toBe('86400');
    expect(got!.urgency).toBe('normal');
    expect(got!.vapidKey).toBe(serverKey);
    expect(push.refused).toEqual([]);
    await eventually(async () => (await devices('ann'))[0]?.lastSuccessAt !== null, 'lastSuccessAt');
    expect((await devices('ann')).map((d) => d.label)).toEqual(['Pixel 8']);
  });

  it('sends nothing for a muted member’s follow, nor a blocked one’s, nor for a kind turned off for push', async () => {
    const sub = await device('cat');
    expect((await call('POST', '/api/users/dan/mute', 'cat')).statusCode).toBe(200);
    expect((await follow('dan', 'cat')).statusCode).toBe(200);
    // A blocked member cannot follow; were a notification made for one all the same, deliveryFor silences its push.
    expect((await call('POST', '/api/users/eve/block', 'cat')).statusCode).toBe(200);
    await createNotificationsService(t.db).notify(t.db.kysely, { userId: ids.cat!, actorId: ids.eve!, kind: 'followed' });
    expect((await call('PUT', '/api/settings/notifications', 'cat', { groups: { follows: { push: false } } })).json().groups.follows).toEqual({ inApp: true, email: true, push: false });
    expect((await follow('fay', 'cat')).statusCode).toBe(200);
    await settled();
    expect(push.received.filter((r) => r.endpoint === sub.endpoint)).toEqual([]);
    // The same path does push once the kind is on again: the silence above was the settings' doing.
    await call('PUT', '/api/settings/notifications', 'cat', { groups: { follows: { push: true } } });
    expect((await follow('gus', 'cat')).statusCode).toBe(200);
    const got = await push.waitFor(sub.endpoint);
    expect(got.map((r) => (r.payload as { title: string }).title)).toEqual(['gus followed you']);
  });

  it('drops a subscription the push service says is gone (410)', async () => {
    const sub = await device('dan');
    push.answer(sub.endpoint, 410);
    await follow('hal', 'dan');
    await eventually(async () => (await devices('dan')).length === 0, 'the expired subscription to be dropped');
    expect(push.attempts.get(sub.endpoint)?.map((a) => a.status)).toEqual([410]);
  });

  it('stops at another 4xx without trying again: a device made for another server key is refused (403)', async () => {
    const sub = push.subscribe({ serverKey: push.subscribe().keys.p256dh });
    expect((await call('POST', '/api/push/subscriptions', 'fay', { ...sub, label: 'Old tablet' })).statusCode).toBe(201);
    await follow('jo', 'fay');
    await eventually(async () => (push.attempts.get(sub.endpoint)?.length ?? 0) > 0, 'the push to be tried');
    await settled();
    expect(push.attempts.get(sub.endpoint)?.map((a) => a.status)).toEqual([403]);
    expect(push.refused.map((r) => r.endpoint)).toEqual([sub.endpoint]);
    expect((await devices('fay')).length).toBe(1);
    expect((await call('DELETE', '/api/push/subscriptions', 'fay', { endpoint: sub.endpoint })).statusCode).toBe(204);
  });

  it('tries again after a 429, waiting as long as Retry-After says', async () => {
    const sub = await device('eve');
    push.answer(sub.endpoint, 429, { retryAfter: '1', times: 1 });
    await follow('ivy', 'eve');
    const [got] = await push.waitFor(sub.endpoint, 1, 15_000);
    expect((got!.payload as { title: string }).title).toBe('ivy followed you');
    const tries = push.attempts.get(sub.endpoint)!;
    expect(tries.map((a) => a.status)).toEqual([429, 201]);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(950);
    expect((await devices('eve')).length).toBe(1);
  });

  it('pushes a notification once however many passes run at once, and nothing for a rolled-back write', async () => {
    const sub = await device('hal');
    const notifications = createNotificationsService(t.db);
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await notifications.notify(trx, { userId: ids.hal!, actorId: ids.ann!, kind: 'followed' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await notifications.notify(t.db.kysely, { userId: ids.hal!, actorId: ids.bob!, kind: 'followed' });
    expect(await outbox()).toBe(1);
    // Three passes of a worker of our own, racing the app's minute sweep if it comes: whoever claims it sends it.
    const passes = pusher({ db: t.db, queue: { send: async () => null } as unknown as JobQueue, vapid: { ...t.config.push.keys!, subject: t.config.push.subject } });
    await Promise.all([passes.sendDue(), passes.sendDue(), passes.sendDue()]);
    await settled();
    expect(push.received.filter((r) => r.endpoint === sub.endpoint).map((r) => (r.payload as { title: string }).title)).toEqual(['bob followed you']);
  });

  it('refuses subscriptions that are not one, with a message per field', async () => {
    const good = push.subscribe();
    const bad = async (body: object, field: string) => {
      const res = await call('POST', '/api/push/subscriptions', 'fay', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}).join(' '), JSON.stringify(body)).toContain(field);
    };
    await bad({ ...good, label: 'x', endpoint: 'http://push.example.com/abc' }, 'endpoint');
    await bad({ ...good, label: 'x', endpoint: 'ftp://127.0.0.1/abc' }, 'endpoint');
    await bad({ ...good, label: 'x', endpoint: `https://push.example.com/${'a'.repeat(1000)}` }, 'endpoint');
    await bad({ ...good, label: 'x', keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } }, 'p256dh');
    await bad({ ...good, label: 'x', keys: { ...good.keys, auth: 'not base64url!!!!!!!!!' } }, 'auth');
    await bad({ ...good, label: 'x', keys: undefined }, 'keys');
    await bad({ ...good, label: '' }, 'label');
    await bad({ ...good, label: 'x'.repeat(81) }, 'label');
    expect((await call('POST', '/api/push/subscriptions', undefined, { ...good, label: 'x' })).statusCode).toBe(401);
    expect(await devices('fay')).toEqual([]);
  });

  it('keeps at most 20 devices a member; the same device again only updates its row', async () => {
    const subs = Array.from({ length: PUSH_LIMITS.devicesPerMember }, () => push.subscribe());
    for (const sub of subs) expect((await call('POST', '/api/push/subscriptions', 'ivy', { ...sub, label: 'Tab' })).statusCode).toBe(201);
    const more = await call('POST', '/api/push/subscriptions', 'ivy', { ...push.subscribe(), label: 'One too many' });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(PUSH_MESSAGES.tooMany);
    const again = await call('POST', '/api/push/subscriptions', 'ivy', { ...subs[0]!, label: 'Renamed' });
    expect(again.statusCode).toBe(201);
    expect(again.json().filter((d: { label: string }) => d.label === 'Renamed')).toHaveLength(1);
    expect(await devices('ivy')).toHaveLength(PUSH_LIMITS.devicesPerMember);
  });

  it('lets no one else turn your device off, and forgets your devices with your account', async () => {
    const sub = await device('gus');
    const other = await call('DELETE', '/api/push/subscriptions', 'hal', { endpoint: sub.endpoint });
    expect(other.statusCode).toBe(404);
    expect((await devices('gus')).map((d) => d.endpoint)).toEqual([sub.endpoint]);
    await device('jo');
    expect((await call('DELETE', '/api/push/subscriptions', 'gus', { endpoint: sub.endpoint })).statusCode).toBe(204);
    expect(await devices('gus')).toEqual([]);
    expect((await call('DELETE', '/api/profile', 'jo', { password: PASSWORD })).statusCode).toBe(204);
    expect(await t.db.kysely.selectFrom('push_subscriptions').select('id').where('user_id', '=', ids.jo!).execute()).toEqual([]);
  });
});
