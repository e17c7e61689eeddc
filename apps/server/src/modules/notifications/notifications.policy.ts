import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_KIND_GROUP, type NotificationKind, type NotificationSettings } from '@vgl/shared';
import type { Conn } from '../library/library.repo.js';
import { audienceRepo } from '../audience/audience.repo.js';
import { hostOf, policiesOf } from '../federation/federation.instances.js';
import { notificationSettingsRepo } from './notification-settings.repo.js';

/**
 * How a notification reaches its recipient: listed in the app, an e-mail now,
 * in the daily digest, or none, and a push to their devices (if they turned
 * push on for any).
 */
export interface Delivery {
  inApp: boolean;
  email: 'now' | 'digest' | null;
  push: boolean;
}

/** Kinds about no one else's doing (release alerts): made with the recipient as their actor. */
const SELF_KINDS = new Set<NotificationKind>(['release_dated', 'released']);

export const NO_DELIVERY: Delivery = { inApp: false, email: null, push: false };

/**
 * What the recipient's settings say about a kind. Moderators' notices (no
 * group) are always in the app, never e-mailed nor pushed: a member cannot
 * turn them off, so they are not sent where they could not be stopped.
 */
export function deliveryUnder(settings: NotificationSettings, kind: NotificationKind): Delivery {
  const group = NOTIFICATION_KIND_GROUP[kind];
  if (!group) return { inApp: true, email: null, push: false };
  const channels = settings.groups[group];
  const frequency = settings.emailFrequency;
  const email = channels.email && frequency !== 'never' ? (frequency === 'daily' ? 'digest' : 'now') : null;
  return { inApp: channels.inApp, email, push: channels.push };
}

/**
 * The one decision whether a recipient hears about what an actor did, in the
 * app, by e-mail and by push: asked when a notification is made and again when its
 * e-mail or push is sent (settings may have changed in between). Nobody hears about
 * their own doings.
 */
export async function deliveryFor(db: Conn, recipientId: number, actorId: number, kind: NotificationKind, { remote = false } = {}): Promise<Delivery> {
  // Release alerts have no actor, and an account on another server is no member: the recipient stands in, and hears them.
  if (recipientId === actorId) return SELF_KINDS.has(kind) || remote ? deliveryUnder(await notificationSettingsRepo.of(db, recipientId), kind) : NO_DELIVERY;
  // A moderator's notice (no group: a removal, a hidden report target, a resolved report) is not the moderator's
  // doing as a member: muting or blocking them does not silence it.
  if (!NOTIFICATION_KIND_GROUP[kind]) return deliveryUnder(DEFAULT_NOTIFICATION_SETTINGS, kind);
  // Muted, or blocked either way: nothing at all, silently (the actor cannot tell).
  if (await audienceRepo.silenced(db, recipientId, actorId)) return NO_DELIVERY;
  return deliveryUnder(await notificationSettingsRepo.of(db, recipientId), kind);
}

/**
 * Whether a notification's e-mail or push still goes, asked when it is sent: deliveryFor again and, for what an
 * account on another server did (remote_actor_uri), neither its server silenced nor blocked since (from such a
 * server nothing notifies anyone: federation.interactions.ts) nor its reply hidden by a moderator or the review's
 * author. A follow request (remote_follower_id) from a silenced server is told all the same: the member answers it.
 */
export async function deliveryOnSending(
  db: Conn,
  row: { user_id: number; actor_id: number; kind: NotificationKind; remote_handle: string | null; remote_actor_uri: string | null; remote_reply_id: number | null; remote_reply_shown: number | null },
): Promise<Delivery> {
  if (row.remote_reply_id !== null && row.remote_reply_shown === null) return NO_DELIVERY;
  if (row.remote_actor_uri !== null && (await policiesOf(db, [hostOf(row.remote_actor_uri)])) !== null) return NO_DELIVERY;
  return deliveryFor(db, row.user_id, row.actor_id, row.kind, { remote: row.remote_handle !== null });
}
