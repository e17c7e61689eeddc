import type { PushPayload } from '@vgl/shared';
import type { NotificationMailRow } from '../notifications/notifications.repo.js';
import { notificationLine } from '../notifications/notifications.templates.js';

/**
 * A notification as its push shows it: the sentence the Notifications page
 * and the e-mail say ("bob followed you"), the comment's excerpt when there
 * is one, and where a click leads, as a path on this instance (the service
 * worker opens it on its own origin).
 */
export function pushPayload(row: NotificationMailRow): PushPayload {
  const { sentence, excerpt, url } = notificationLine(row, '');
  return { title: sentence, body: excerpt ?? '', url, tag: `vgl-notification-${row.id}`, kind: row.kind };
}
