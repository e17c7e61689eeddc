import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PUSH_MESSAGES, type PushDevice, type PushKey } from '@vgl/shared';
import { api, hasAuthHeader } from '../../lib/api';

const DEVICES = '/api/push/subscriptions';
const devicesKey = ['push', 'devices'] as const;
const thisDeviceKey = ['push', 'this-device'] as const;

/** Whether this browser can get push at all (a service worker, the Push API and notifications). */
export const pushSupported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;

/** A name for this device in the list of devices: "Chrome on Android". */
export function deviceLabel(userAgent: string = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /(Chrome|Chromium|CriOS)\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : 'Browser';
  const system = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Mac OS X/.test(userAgent) ? 'macOS' : /Windows/.test(userAgent) ? 'Windows' : /Linux/.test(userAgent) ? 'Linux' : '';
  return system ? `${browser} on ${system}` : browser;
}

/** The service worker's registration; it is registered at start-up in production builds only. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(PUSH_MESSAGES.unsupported)), 10_000));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** This device's push subscription in the browser, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

export const usePushDevices = () => useQuery({ queryKey: devicesKey, queryFn: async () => (await api.get<PushDevice[]>(DEVICES)).data, retry: false });

/** This device's endpoint, when the browser has a subscription. */
export const useThisDevice = () => useQuery({ queryKey: thisDeviceKey, queryFn: async () => (await currentSubscription())?.endpoint ?? null, retry: false });

/** Tells the server about a subscription (a new one, or one the browser renewed). */
export const sendSubscription = async (subscription: PushSubscriptionJSON, label = deviceLabel()) =>
  (await api.post<PushDevice[]>(DEVICES, { ...subscription, label })).data;

/** "Enable push on this device": asks for permission, subscribes with the server's key, and tells the server. */
export async function enablePush(): Promise<PushDevice[]> {
  if (!pushSupported()) throw new Error(PUSH_MESSAGES.unsupported);
  const permission = await Notification.requestPermission();
  // 'denied': blocked for the site (only its settings can change that); 'default': the member closed the question.
  if (permission !== 'granted') throw new Error(permission === 'denied' ? PUSH_MESSAGES.denied : PUSH_MESSAGES.dismissed);
  const { publicKey } = (await api.get<PushKey>('/api/push/key')).data;
  const reg = await registration();
  const subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  return sendSubscription(subscription.toJSON());
}

/** "Turn off on this device": the server forgets it, then the browser drops the subscription. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api.delete(DEVICES, { endpoint: subscription.endpoint }).catch((error: unknown) => {
    // Not one of this member's devices (another account turned it on): the browser's subscription still goes.
    if ((error as { status?: number }).status !== 404) throw error;
  });
  await subscription.unsubscribe();
}

export function usePushToggle() {
  const client = useQueryClient();
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: devicesKey }), client.invalidateQueries({ queryKey: thisDeviceKey })]);
  return {
    enable: useMutation({ mutationFn: enablePush, onSettled: refresh }),
    disable: useMutation({ mutationFn: disablePush, onSettled: refresh }),
  };
}

/** The service worker's news that the browser renewed this device's subscription (sw/push.ts, PUSH_RENEWED). */
const PUSH_RENEWED = 'PUSH_SUBSCRIPTION_RENEWED';

/**
 * The page tells the server about a renewed subscription: the worker has no
 * token of the member's, the page does (when someone is signed in).
 */
export function listenForRenewedPush(container: ServiceWorkerContainer = navigator.serviceWorker): void {
  container.addEventListener('message', (event: MessageEvent<{ type?: unknown; subscription?: PushSubscriptionJSON }>) => {
    if (event.data?.type !== PUSH_RENEWED || !event.data.subscription || !hasAuthHeader()) return;
    sendSubscription(event.data.subscription).catch((error: unknown) => console.warn('push: the renewed subscription could not be sent', error));
  });
}
