import type webpush from 'web-push';
import { lazyRequire } from '../../lazy.js';

/** web-push: loaded by the first push (or key pair) rather than at start-up. */
export const loadWebPush = lazyRequire<typeof webpush>('web-push');
import type { PushPayload } from '@vgl/shared';
import type { VapidKeys } from '../../config.js';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What came of one send, and what to do next. */
export type PushOutcome =
  | { result: 'sent' }
  /** 404/410: the subscription expired or was revoked; it is dropped. */
  | { result: 'gone'; status: number }
  /** 429, 5xx, or no answer: tried again later (after Retry-After when the push service said). */
  | { result: 'retry'; status: number | null; retryAfterSeconds: number | null; reason: string }
  /** Any other 4xx: our request is wrong for this push service; trying again would not help. */
  | { result: 'refused'; status: number; reason: string };

/**
 * A notification is news for a day: a device offline longer gets it in the
 * app instead (RFC 8030 §5.2: the push service drops it after TTL seconds).
 */
export const PUSH_TTL_SECONDS = 86_400;
/** A push service that has not answered in this long is taken as down (tried again later). */
const TIMEOUT_MS = 10_000;

/** Retry-After as seconds (RFC 9110: a number of seconds, or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Sends one payload to one device: web-push encrypts it (aes128gcm, RFC 8291)
 * and signs the VAPID header (RFC 8292); the request itself goes through
 * fetch rather than web-push's own sender, which speaks https only and hides
 * the answer's headers (Retry-After) in an error.
 */
export async function sendPush(target: PushTarget, payload: PushPayload, vapid: VapidKeys & { subject: string }): Promise<PushOutcome> {
  const details = loadWebPush().generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
    vapidDetails: vapid,
    TTL: PUSH_TTL_SECONDS,
    contentEncoding: 'aes128gcm',
    // Replies and follows are about people waiting for an answer; the rest can wait for the device's next wake-up.
    urgency: payload.kind === 'released' || payload.kind === 'release_dated' ? 'low' : 'normal',
    // A push waiting in the push service is replaced by a newer one about the same thing (RFC 8030 §5.4: at most 32 URL-safe characters).
    topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
  });
  const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
  let response: Response;
  try {
    response = await fetch(details.endpoint, { method: 'POST', headers, body: details.body as Buffer, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    return { result: 'retry', status: null, retryAfterSeconds: null, reason: error instanceof Error ? error.message : String(error) };
  }
  const reason = (await response.text().catch(() => '')).slice(0, 200);
  const status = response.status;
  if (status >= 200 && status < 300) return { result: 'sent' };
  if (status === 404 || status === 410) return { result: 'gone', status };
  if (status === 429 || status >= 500) return { result: 'retry', status, retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')), reason };
  return { result: 'refused', status, reason };
}
