import { PUSH_LIMITS, PUSH_MESSAGES, type PushDevice, type PushKey } from '@vgl/shared';
import type { PushSubscriptionInput } from '@vgl/shared/schemas';
import type { Db } from '../../db/database.js';
import { conflict, notFound } from '../../http/errors.js';
import type { UserRow } from '../users/users.repo.js';
import { pushRepo } from './push.repo.js';

/** Settings → Notifications: the devices a member turned push on for. */
export function createPushService(db: Db, publicKey: string, now: () => number = Date.now) {
  const k = db.kysely;
  return {
    key: (): PushKey => ({ publicKey }),

    async subscribe(user: UserRow, input: PushSubscriptionInput): Promise<PushDevice[]> {
      await k.transaction().execute(async (trx) => {
        if ((await pushRepo.countOf(trx, user.id, input.endpoint)) >= PUSH_LIMITS.devicesPerMember) throw conflict(PUSH_MESSAGES.tooMany);
        await pushRepo.save(trx, { userId: user.id, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, label: input.label, at: now() });
      });
      return this.devices(user);
    },

    /** Only the member's own devices: another member's endpoint answers 404, as one that never was. */
    async unsubscribe(user: UserRow, endpoint: string): Promise<void> {
      if (!(await pushRepo.remove(k, user.id, endpoint))) throw notFound(PUSH_MESSAGES.notFound);
    },

    async devices(user: UserRow): Promise<PushDevice[]> {
      return (await pushRepo.devicesOf(k, user.id)).map((d) => ({
        id: d.id,
        label: d.label,
        createdAt: Number(d.created_at),
        lastSuccessAt: d.last_success_at === null ? null : Number(d.last_success_at),
        endpoint: d.endpoint,
      }));
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
