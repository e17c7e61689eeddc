/// <reference lib="webworker" />
/**
 * Web Push in the service worker (issue 37): shows what the server pushed
 * (a notification's sentence, as the Notifications page says it), brings a
 * VGL tab forward or opens one on click, and keeps the subscription alive
 * when the browser renews it.
 */

/** What the server pushes (packages/shared PushPayload); anything else is shown as a plain "new notification". */
export interface ShownPush {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

export const PUSH_ICON = '/img/icons/icon-192.png';
/** Told to the open pages when the browser renewed the subscription: a page (it has the member's token) tells the server. */
export const PUSH_RENEWED = 'PUSH_SUBSCRIPTION_RENEWED';

const FALLBACK = { title: 'VGL', body: 'You have a new notification.', url: '/notifications', tag: 'vgl-notification' };

/** A same-origin path to open; anything else (another site, a javascript: URL) becomes the Notifications page. */
export function safePath(url: unknown, origin: string): string {
  if (typeof url !== 'string') return FALLBACK.url;
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : FALLBACK.url;
  } catch {
    return FALLBACK.url;
  }
}

const text = (value: unknown, fallback: string, max: number) => (typeof value === 'string' && value.trim() ? value.slice(0, max) : fallback);

/** The notification a push shows, from its decrypted JSON (or nothing readable). */
export function shownPush(data: { json(): unknown } | null | undefined, origin: string): ShownPush {
  let payload: Record<string, unknown> = {};
  try {
    const parsed = data?.json();
    if (parsed && typeof parsed === 'object') payload = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the fallback below.
  }
  const title = text(payload.title, FALLBACK.title, 200);
  return {
    title,
    options: {
      body: text(payload.body, title === FALLBACK.title ? FALLBACK.body : '', 300),
      icon: PUSH_ICON,
      badge: PUSH_ICON,
      tag: text(payload.tag, FALLBACK.tag, 64),
      data: { url: safePath(payload.url, origin) },
    },
  };
}

interface WindowLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

/** A click: the tab already showing the page, else any VGL tab (taken there), else a new one. */
export async function openFromNotification(clients: { windows(): Promise<readonly WindowLike[]>; openWindow(url: string): Promise<unknown> }, path: string, origin: string): Promise<void> {
  const target = new URL(path, origin).href;
  const open = (await clients.windows()).filter((c) => c.url.startsWith(origin));
  const same = open.find((c) => c.url === target);
  if (same) return void (await same.focus());
  const any = open[0];
  if (any?.navigate) {
    try {
      await any.navigate(target);
      return void (await any.focus());
    } catch {
      // An uncontrolled tab cannot be navigated by the worker: a new one instead.
    }
  }
  await clients.openWindow(target);
}

type SubscriptionChangeEvent = ExtendableEvent & { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null };

/**
 * The browser renewed (or dropped) the subscription: subscribe again with
 * the same server key, and tell the open pages, which tell the server. With
 * no page open the device stays off until the member opens Settings (the
 * worker has no token of the member's to tell the server itself).
 */
async function renew(self: ServiceWorkerGlobalScope, event: SubscriptionChangeEvent): Promise<void> {
  const key = event.oldSubscription?.options.applicationServerKey ?? (await fetch('/api/push/key').then((r) => r.json() as Promise<{ publicKey: string }>)).publicKey;
  const renewed = event.newSubscription ?? (await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  const message = { type: PUSH_RENEWED, subscription: renewed.toJSON(), oldEndpoint: event.oldSubscription?.endpoint ?? null };
  for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage(message);
}

export function listenForPush(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('push', (event) => {
    const { title, options } = shownPush(event.data, self.location.origin);
    event.waitUntil(self.registration.showNotification(title, options));
  });
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const path = safePath((event.notification.data as { url?: unknown } | null)?.url, self.location.origin);
    const clients = { windows: () => self.clients.matchAll({ type: 'window', includeUncontrolled: true }), openWindow: (url: string) => self.clients.openWindow(url) };
    event.waitUntil(openFromNotification(clients, path, self.location.origin));
  });
  self.addEventListener('pushsubscriptionchange', (event) => {
    const change = event as SubscriptionChangeEvent;
    change.waitUntil(renew(self, change).catch(() => undefined));
  });
}
