import { z } from 'zod';
import { PUSH_LIMITS, PUSH_MESSAGES, type PushDevice, type PushKey } from '../push.js';
import { named } from './common.js';

const base64url = /^[A-Za-z0-9_-]+$/;
const decodedLength = (value: string) => Math.floor((value.length * 3) / 4);

/**
 * A push service's address. https only, as every browser's push service is;
 * http is let through for 127.0.0.1 and localhost alone, so tests (and a
 * developer) can run a push service of their own on this machine.
 */
export function isPushEndpoint(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
}

const endpointSchema = z
  .string({ error: PUSH_MESSAGES.endpoint })
  .max(PUSH_LIMITS.endpoint, `endpoint must be at most ${PUSH_LIMITS.endpoint} characters`)
  .refine(isPushEndpoint, PUSH_MESSAGES.endpoint)
  .describe('The push service address the browser gave (PushSubscription.endpoint)');

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON(), and a name for the device. */
export const pushSubscriptionInputSchema = z
  .object(
    {
      endpoint: endpointSchema,
      expirationTime: z.number().nullable().optional().describe('As the browser gives it; not used'),
      keys: z.object(
        {
          // An uncompressed P-256 point: 65 bytes, 87 characters of base64url.
          p256dh: z
            .string({ error: PUSH_MESSAGES.p256dh })
            .regex(base64url, PUSH_MESSAGES.p256dh)
            .refine((v) => v.length === 87 && decodedLength(v) === 65, PUSH_MESSAGES.p256dh),
          // 16 bytes: 22 characters.
          auth: z.string({ error: PUSH_MESSAGES.auth }).regex(base64url, PUSH_MESSAGES.auth).refine((v) => v.length === 22, PUSH_MESSAGES.auth),
        },
        { error: 'keys must be an object of p256dh and auth' },
      ),
      label: z.string({ error: PUSH_MESSAGES.label }).trim().min(1, PUSH_MESSAGES.label).max(PUSH_LIMITS.label, PUSH_MESSAGES.label).describe('How Settings names the device, e.g. "Chrome on Android"'),
    },
    { error: 'The body must be a push subscription: endpoint, keys and label' },
  )
  .meta({ examples: [{ endpoint: 'https://push.example.net/send/abc123', keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) }, label: 'Firefox on Linux' }] });

/** DELETE /api/push/subscriptions: which device stops. */
export const pushEndpointBodySchema = z.object({ endpoint: endpointSchema }, { error: 'The body must name the endpoint to stop' });

export const pushKeySchema = named(
  'PushKey',
  z.object({ publicKey: z.string().describe('The VAPID public key (RFC 8292), base64url: PushManager.subscribe’s applicationServerKey') }),
  'The key push subscriptions to this server are made with',
) satisfies z.ZodType<PushKey>;

export const pushDeviceSchema = named(
  'PushDevice',
  z.object({
    id: z.number().int(),
    label: z.string(),
    createdAt: z.number().describe('Unix ms'),
    lastSuccessAt: z.number().nullable().describe('When a push last reached it (unix ms); null: none yet'),
    endpoint: z.string().describe('Its push service address, so a page can tell which device is itself'),
  }),
  'A device you turned push notifications on for',
) satisfies z.ZodType<PushDevice>;

export const pushDevicesSchema = z.array(pushDeviceSchema);

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;
