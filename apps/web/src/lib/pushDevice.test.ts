import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPushDevice } from './pushDevice';

describe('logout on a device that gets push', () => {
  afterEach(() => vi.unstubAllGlobals());

  const containerWith = (subscription: { endpoint: string; unsubscribe: () => Promise<boolean> } | null) =>
    ({ getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }) }) as unknown as ServiceWorkerContainer;

  it('has the server forget the device with the session’s header, then drops the browser’s subscription', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const subscription = { endpoint: 'https://push.example.net/abc', unsubscribe: vi.fn(async () => true) };
    await forgetPushDevice('Bearer t0ken', containerWith(subscription));
    expect(fetch).toHaveBeenCalledWith('/api/push/subscriptions', expect.objectContaining({ method: 'DELETE', body: JSON.stringify({ endpoint: subscription.endpoint }) }));
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({ authorization: 'Bearer t0ken' });
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it('still drops the subscription when the server cannot be told, and does nothing without one', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const subscription = { endpoint: 'https://push.example.net/abc', unsubscribe: vi.fn(async () => true) };
    await forgetPushDevice(null, containerWith(subscription));
    expect(subscription.unsubscribe).toHaveBeenCalled();
    await forgetPushDevice('Bearer t0ken', containerWith(null));
    await forgetPushDevice('Bearer t0ken', undefined);
    expect(fetch).not.toHaveBeenCalled();
  });
});
