import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openAnotherApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import type { MailMessage } from '../../mail/mailer.js';
import { notificationMailer } from '../notifications/notifications.jobs.js';
import { createNotificationsService } from '../notifications/notifications.service.js';
import { alertFor, releaseAlerts, standing } from './releases.alerts.js';

const DAY = 86_400;

describe('what a release alert tells', () => {
  const now = Date.UTC(2030, 0, 10) / 1000;
  it('a new or moved date to come, and a release since the last pass, never an old one', () => {
    expect(alertFor(standing(null, now), standing(now + 30 * DAY, now), now)).toBe('release_dated');
    expect(alertFor(standing(now + 30 * DAY, now), standing(now + 60 * DAY, now), now)).toBe('release_dated');
    expect(alertFor(standing(now - DAY / 2, now - DAY), standing(now - DAY / 2, now), now)).toBe('released');
    // Out long before the pass (a corrected date, a late catalog): recorded, not told.
    expect(alertFor(standing(null, now), standing(now - 90 * DAY, now), now)).toBeNull();
    expect(alertFor(standing(now + DAY, now), standing(null, now), now)).toBeNull();
  });
});

describe.each(dbKinds)('release alerts, Coming up and the calendar feed on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const SILKSONG = { name: 'Hollow Knight: Silksong', slug: 'silksong', platforms: ['win'] };
  beforeAll(async () => {
    t = await createTestApp(kind, { smtp: true });
    await seedGames(t, [SILKSONG, { name: 'Oldie', slug: 'oldie', releaseDate: '2001-01-01', platforms: ['win'] }, { name: 'Hades II', slug: 'hades-2', platforms: ['win'] }]);
    for (const username of ['ann', 'bob', 'cat']) {
      ids[username] = (await createUser(t.db.kysely, { username })).id;
      token[username] = await loginToken(t.app, username);
    }
    await want('ann', 'silksong', false);
    await want('ann', 'oldie', false);
    await want('ann', 'hades-2', true);
    await want('bob', 'silksong', true);
    // bob wants no e-mail at all: told in the app only.
    expect((await call('PUT', '/api/settings/notifications', 'bob', { emailFrequency: 'never' })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: string, payload?: object) {
    return t.app.inject({ method, url, headers: who ? bearer(token[who]!) : {}, ...(payload ? { payload } : {}) });
  }
  async function want(who: string, slug: string, owned: boolean) {
    expect((await call('PUT', `/api/users/${who}/library/${slug}`, who, { status: 4, owned })).statusCode).toBeLessThan(300);
  }
  const pass = (at = Date.now(), db = t.db) => releaseAlerts({ db, notifications: createNotificationsService(db), now: () => at }).run();
  const alertsOf = (who: string) =>
    t.db.kysely.selectFrom('notifications').select(['kind', 'message', 'game_id', 'email_state']).where('user_id', '=', ids[who]!).where('kind', 'in', ['release_dated', 'released']).execute();
  /** The e-mail a notification is due: sent by a pass of the mail job here, or by the app's own worker if its minute came first. */
  async function mailTo(to: string, subject: RegExp, sinkBefore: number) {
    const sent: MailMessage[] = [];
    await notificationMailer({ db: t.db, mailer: { send: async (m) => void sent.push(m) }, publicUrl: 'https://vgl.test', secret: t.config.jwtSecret! }).sendDue();
    return sent.find((m) => m.to === to && subject.test(m.subject)) ?? (await t.smtp!.waitFor(to, subject, { after: sinkBefore }));
  }
  const feedPath = (url: string) => new URL(url).pathname;

  it('tells a member once when a wanted game gets a release date, in the app and by e-mail as they chose', async () => {
    await pass();
    expect(await alertsOf('ann')).toHaveLength(0);
    // The catalog learns the date (an import, as a sync writes it).
    await seedGames(t, [{ ...SILKSONG, releaseDate: '2030-03-12' }]);
    const before = t.smtp!.mails.length;
    await pass();
    const told = await alertsOf('ann');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: 'release_dated', message: 'Hollow Knight: Silksong now has a release date: March 12, 2030' });
    const list = (await call('GET', '/api/notifications', 'ann')).json();
    expect(list[0]).toMatchObject({ kind: 'release_dated', game: { slug: 'silksong', name: 'Hollow Knight: Silksong', releaseDate: Date.UTC(2030, 2, 12) / 1000 } });
    const mail = await mailTo('ann@example.com', /Silksong/, before);
    expect(mail.subject).toBe('Hollow Knight: Silksong now has a release date: March 12, 2030');
    expect(mail.text).toContain('https://vgl.test/games/silksong');
    // bob chose no e-mail: in the app only.
    expect(await alertsOf('bob')).toMatchObject([{ kind: 'release_dated', email_state: null }]);
    await pass();
    expect(await alertsOf('ann')).toHaveLength(1);
    expect(await alertsOf('bob')).toHaveLength(1);
  });

  it('tells "out today" on the day, and never about a game already out when it was added', async () => {
    await pass(Date.UTC(2030, 2, 12, 9));
    const told = await alertsOf('ann');
    expect(told.map((n) => n.message)).toEqual(['Hollow Knight: Silksong now has a release date: March 12, 2030', 'Hollow Knight: Silksong is out today']);
    await pass(Date.UTC(2030, 2, 12, 10));
    expect(await alertsOf('ann')).toHaveLength(2);
    expect(told.every((n) => n.game_id !== null)).toBe(true);
  });

  it('makes each alert once when passes run at once on several instances', async () => {
    await seedGames(t, [{ name: 'Hades II', slug: 'hades-2', releaseDate: '2031-05-01', platforms: ['win'] }]);
    // Two instances on PostgreSQL; on SQLite (one process per file) passes of one instance at once.
    const other = kind === 'postgres' ? await openAnotherApp(t) : t;
    try {
      await Promise.all([pass(), pass(), pass(Date.now(), other.db), pass(Date.now(), other.db), pass()]);
    } finally {
      if (other !== t) await other.close();
    }
    expect((await alertsOf('ann')).filter((n) => n.message?.startsWith('Hades II'))).toHaveLength(1);
  });

  it('lists Coming up by month to whoever may read the library', async () => {
    const answer = await call('GET', '/api/users/ann/coming-up', 'bob');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      months: [
        { month: '2030-03', games: [{ slug: 'silksong', name: 'Hollow Knight: Silksong', cover: null, releaseDate: Date.UTC(2030, 2, 12) / 1000, wishlist: true, platform: null, offPlatforms: false }] },
        { month: '2031-05', games: [expect.objectContaining({ slug: 'hades-2', wishlist: false })] },
      ],
    });
    expect((await call('GET', '/api/users/nobody/coming-up')).statusCode).toBe(404);
    await t.db.kysely.updateTable('users').set({ is_private: 1 }).where('id', '=', ids.ann!).execute();
    expect((await call('GET', '/api/users/ann/coming-up', 'cat')).statusCode).toBe(404);
    expect((await call('GET', '/api/users/ann/coming-up', 'ann')).json().months).toHaveLength(2);
    await t.db.kysely.updateTable('users').set({ is_private: 0 }).where('id', '=', ids.ann!).execute();
  });

  it('serves a private calendar feed that ical.js reads, with stable UIDs, revocable', async () => {
    expect((await call('POST', '/api/profile/calendar')).statusCode).toBe(401);
    expect((await call('GET', '/api/profile/calendar', 'ann')).json()).toEqual({ url: null, createdAt: null });
    const made = await call('POST', '/api/profile/calendar', 'ann');
    expect(made.statusCode).toBe(201);
    const url: string = made.json().url;
    expect(url).toMatch(/^https:\/\/vgl\.test\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    expect((await call('GET', '/api/profile/calendar', 'ann')).json()).toMatchObject({ url: null, createdAt: expect.any(Number) });

    const read = async () => {
      const res = await t.app.inject({ method: 'GET', url: feedPath(url) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const events = new ICAL.Component(ICAL.parse(res.body)).getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
      return events.map((e) => ({ uid: e.uid, summary: e.summary, start: e.startDate.toString(), allDay: e.startDate.isDate, url: e.component.getFirstPropertyValue('url'), stamp: e.component.getFirstPropertyValue('dtstamp') !== null }));
    };
    const first = await read();
    expect(first).toEqual([
      { uid: expect.stringMatching(/^vgl-game-\d+@vgl\.test$/), summary: 'Hollow Knight: Silksong', start: '2030-03-12', allDay: true, url: 'https://vgl.test/games/silksong', stamp: true },
      expect.objectContaining({ summary: 'Hades II', start: '2031-05-01', allDay: true }),
    ]);
    // A calendar app polling again sees the same events, not new ones.
    expect((await read()).map((e) => e.uid)).toEqual(first.map((e) => e.uid));

    const renewed = (await call('POST', '/api/profile/calendar', 'ann')).json().url as string;
    expect((await t.app.inject({ method: 'GET', url: feedPath(url) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: feedPath(renewed) })).statusCode).toBe(200);
    expect((await call('DELETE', '/api/profile/calendar', 'ann')).statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url: feedPath(renewed) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toMatch(/no calendar feed/);
    const bad = await t.app.inject({ method: 'GET', url: '/api/calendar/..%2Fetc.ics' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toBeDefined();
  });
});
