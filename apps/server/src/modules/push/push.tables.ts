import type { Generated } from 'kysely';

/** A device a member turned push on for (0047): its browser's PushSubscription. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The push service address; unique: one device, one row. */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), that payloads are encrypted to (RFC 8291). */
  p256dh: string;
  auth: string;
  label: string;
  created_at: number;
  /** When a push last reached the push service (Unix ms). */
  last_success_at: number | null;
  /** Sends in a row the push service refused or did not answer; reset by a success. */
  failures: Generated<number>;
}

/** A notification whose push is still to be sent (0047); the push job claims it by deleting the row. */
export interface PushOutboxTable {
  notification_id: number;
  user_id: number;
  created_at: number;
}
