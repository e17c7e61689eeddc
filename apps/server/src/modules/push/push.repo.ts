import type { Conn } from '../library/library.repo.js';

export interface SubscriptionValues {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  at: number;
}

export type PushSubscriptionRow = { id: number; user_id: number; endpoint: string; p256dh: string; auth: string };

export const pushRepo = {
  /**
   * Keeps a device's subscription. The same endpoint again (the browser
   * subscribed anew, or another member signed in on this device) takes the
   * row over: one device, one recipient, the one signed in last.
   */
  save: (db: Conn, s: SubscriptionValues) =>
    db
      .insertInto('push_subscriptions')
      .values({ user_id: s.userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, label: s.label, created_at: s.at, last_success_at: null })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: s.userId, p256dh: s.p256dh, auth: s.auth, label: s.label, created_at: s.at, last_success_at: null, failures: 0 }))
      .execute(),

  countOf: async (db: Conn, userId: number, except: string) =>
    Number((await db.selectFrom('push_subscriptions').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).where('endpoint', '<>', except).executeTakeFirstOrThrow()).n),

  /** Removes one of this member's devices; answers whether there was one. */
  async remove(db: Conn, userId: number, endpoint: string): Promise<boolean> {
    const result = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  devicesOf: (db: Conn, userId: number) =>
    db.selectFrom('push_subscriptions').select(['id', 'label', 'created_at', 'last_success_at', 'endpoint']).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),

  subscriptionsOf: (db: Conn, userId: number): Promise<PushSubscriptionRow[]> =>
    db.selectFrom('push_subscriptions').select(['id', 'user_id', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).orderBy('id').execute(),

  byId: (db: Conn, id: number): Promise<PushSubscriptionRow | undefined> =>
    db.selectFrom('push_subscriptions').select(['id', 'user_id', 'endpoint', 'p256dh', 'auth']).where('id', '=', id).executeTakeFirst(),

  hasAny: async (db: Conn, userId: number) => (await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined,

  /** The push service said the subscription is gone (404/410): it will never take a push again. */
  drop: (db: Conn, id: number) => db.deleteFrom('push_subscriptions').where('id', '=', id).execute(),

  succeeded: (db: Conn, id: number, at: number) => db.updateTable('push_subscriptions').set({ last_success_at: at, failures: 0 }).where('id', '=', id).execute(),

  failed: (db: Conn, id: number) => db.updateTable('push_subscriptions').set((eb) => ({ failures: eb('failures', '+', 1) })).where('id', '=', id).execute(),

  /** A notification to push, in the transaction that made it. */
  enqueue: (db: Conn, notificationId: number, userId: number, at: number) => db.insertInto('push_outbox').values({ notification_id: notificationId, user_id: userId, created_at: at }).execute(),

  due: (db: Conn, limit: number) => db.selectFrom('push_outbox').select('notification_id').orderBy('notification_id').limit(limit).execute(),

  /** Claims a notification's push: true for one caller only, however many workers sweep at once. */
  async claim(db: Conn, notificationId: number): Promise<boolean> {
    const result = await db.deleteFrom('push_outbox').where('notification_id', '=', notificationId).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },
};
