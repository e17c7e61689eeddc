import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_GROUPS, type NotificationGroup } from '@vgl/shared';

/** What an unsubscribe link turns off: one group's e-mails, or (a digest's link) every notification e-mail. */
export type UnsubscribeScope = NotificationGroup | 'all';

export interface UnsubscribeTarget {
  userId: number;
  scope: UnsubscribeScope;
}

const SCOPES: readonly string[] = [...NOTIFICATION_GROUPS, 'all'];

/**
 * Unsubscribe tokens: the member and the scope, signed with the app's secret
 * (its own purpose in the MAC, so no other token of the app passes for one).
 * They need no login and do not expire: a link in an old e-mail still works,
 * and all it can do is stop e-mail.
 */
export function unsubscribeTokens(secret: string) {
  const mac = (payload: string) => createHmac('sha256', secret).update(`vgl-unsubscribe:${payload}`).digest('base64url').slice(0, 32);
  return {
    sign: ({ userId, scope }: UnsubscribeTarget) => {
      const payload = `${userId}.${scope}`;
      return `${payload}.${mac(payload)}`;
    },
    /** The target of a well-formed token signed here; undefined for anything else. */
    verify(token: string): UnsubscribeTarget | undefined {
      const match = /^([1-9][0-9]{0,9})\.([a-z]{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
      if (!match || !SCOPES.includes(match[2]!)) return undefined;
      const expected = Buffer.from(mac(`${match[1]}.${match[2]}`));
      const given = Buffer.from(match[3]!);
      if (!timingSafeEqual(expected, given)) return undefined;
      return { userId: Number(match[1]), scope: match[2] as UnsubscribeScope };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;
