/**
 * Logout on a shared device: the device stops getting the member's push
 * notifications. The server forgets it (with the session's header, taken
 * before logout clears it), then the browser drops its subscription; where
 * the server cannot be told (the session already ended), the push service
 * answers the next push 410 and the server forgets it then.
 */
export async function forgetPushDevice(authorization: string | null, container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker): Promise<void> {
  const registration = await container?.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  if (authorization) {
    await fetch('/api/push/subscriptions', {
      method: 'DELETE',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: subscription.endpoint }),
    }).catch(() => undefined);
  }
  await subscription.unsubscribe();
}
