import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_KIND_GROUP, type NotificationKind, type NotificationSettings } from '@vgl/shared';
import type { Conn } from '../library/library.repo.js';
import { audienceRepo } from '../audience/audience.repo.js';
import { notificationSettingsRepo } from './notification-settings.repo.js';

/** How a notification reaches its recipient: listed in the app, and an e-mail now, in the daily digest, or none. */
export interface Delivery {
  inApp: boolean;
  email: 'now' | 'digest' | null;
}

/** Kinds about no one else's doing (release alerts): made with the recipient as their actor. */
const SELF_KINDS = new Set<NotificationKind>(['release_dated', 'released']);

export const NO_DELIVERY: Delivery = { inApp: false, email: null };

/** What the recipient's settings say about a kind. Moderators' notices (no group) are always in the app, never e-mailed. */
export function deliveryUnder(settings: NotificationSettings, kind: NotificationKind): Delivery {
  const group = NOTIFICATION_KIND_GROUP[kind];
  if (!group) return { inApp: true, email: null };
  const channels = settings.groups[group];
  const frequency = settings.emailFrequency;
  const email = channels.email && frequency !== 'never' ? (frequency === 'daily' ? 'digest' : 'now') : null;
  return { inApp: channels.inApp, email };
}

/**
 * The one decision whether a recipient hears about what an actor did, in the
 * app and by e-mail: asked when a notification is made and again when its
 * e-mail is sent (settings may have changed in between). Nobody hears about
 * their own doings.
 */
export async function deliveryFor(db: Conn, recipientId: number, actorId: number, kind: NotificationKind): Promise<Delivery> {
  // Release alerts have no actor: the recipient stands in, and hears them.
  if (recipientId === actorId) return SELF_KINDS.has(kind) ? deliveryUnder(await notificationSettingsRepo.of(db, recipientId), kind) : NO_DELIVERY;
  // A moderator's notice (no group: a removal, a hidden report target, a resolved report) is not the moderator's
  // doing as a member: muting or blocking them does not silence it.
  if (!NOTIFICATION_KIND_GROUP[kind]) return deliveryUnder(DEFAULT_NOTIFICATION_SETTINGS, kind);
  // Muted, or blocked either way: nothing at all, silently (the actor cannot tell).
  if (await audienceRepo.silenced(db, recipientId, actorId)) return NO_DELIVERY;
  return deliveryUnder(await notificationSettingsRepo.of(db, recipientId), kind);
}
