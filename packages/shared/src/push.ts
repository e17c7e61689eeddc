/**
 * Web Push (issue 37): a member turns push on per device in Settings →
 * Notifications; the server keeps each device's PushSubscription and sends
 * it what its notification settings say (the `push` channel of each group).
 */

/** GET /api/push/key: the server's VAPID public key (RFC 8292), for PushManager.subscribe's applicationServerKey. */
export interface PushKey {
  publicKey: string;
}

/** One device a member turned push on for, as Settings lists it. */
export interface PushDevice {
  id: number;
  label: string;
  /** Unix ms. */
  createdAt: number;
  /** When a push last reached the device's push service (unix ms); null: none yet. */
  lastSuccessAt: number | null;
  /** The endpoint, so the page can tell which device is this one. */
  endpoint: string;
}

/** Sizes a subscription may have: endpoints of the big push services are ~200–500 characters. */
export const PUSH_LIMITS = { endpoint: 1000, label: 80, devicesPerMember: 20 } as const;

/** What the service worker shows: the same sentence the Notifications page and the e-mail say. */
export interface PushPayload {
  title: string;
  body: string;
  /** Where a click on it leads (an address on this instance). */
  url: string;
  /** One notification per tag on the device: a second push about the same thing replaces the first. */
  tag: string;
  kind: string;
}

export const PUSH_MESSAGES = {
  endpoint: 'endpoint must be the https:// address of a push service',
  p256dh: 'keys.p256dh must be the browser’s P-256 public key (65 bytes, base64url)',
  auth: 'keys.auth must be the browser’s 16-byte auth secret (base64url)',
  label: `label must be 1 to ${PUSH_LIMITS.label} characters`,
  tooMany: `You can turn push on for ${PUSH_LIMITS.devicesPerMember} devices at most. Turn it off on one you no longer use.`,
  notFound: 'This device does not get push notifications from your account.',
  unsupported: 'This browser cannot receive push notifications.',
  denied: 'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  dismissed: 'Push notifications stay off: allow notifications when the browser asks to turn them on.',
  enabled: 'Push notifications are on for this device.',
  disabled: 'Push notifications are off for this device.',
};
