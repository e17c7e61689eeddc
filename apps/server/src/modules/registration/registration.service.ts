import { randomBytes } from 'node:crypto';
import { API_MESSAGES, INVITE_LIMITS, REGISTRATION_MESSAGES, type Invite, type PendingRegistration, type RegistrationInfo } from '@vgl/shared';
import type { InviteInput } from '@vgl/shared/schemas';
import type { Db } from '../../db/database.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { approvalMail, declinedMail } from '../../mail/templates.js';
import { recordAudit } from '../admin/admin.audit.js';
import { issueToken } from '../auth/one-time-tokens.js';
import type { UserRow } from '../users/users.repo.js';
import { mayInvite, mayRevoke } from './registration.policy.js';
import { presentInvite, presentWaiting } from './registration.presenter.js';
import { registrationRepo } from './registration.repo.js';
import type { RegistrationSettings } from './registration.settings.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RegistrationDeps {
  db: Db;
  settings: RegistrationSettings;
  /** The queued mailer (job queue): approval and decline mails go out in the background. */
  mailer: Mailer;
  publicUrl: string;
  now?: () => number;
}

/** The dashboard's side of who may join: the mode, the approval queue and invites. */
export function createRegistrationService({ db, settings, mailer, publicUrl, now = Date.now }: RegistrationDeps) {
  const k = db.kysely;

  return {
    info: (): Promise<RegistrationInfo> => settings.current(),

    async updateSettings(actor: UserRow, info: RegistrationInfo): Promise<RegistrationInfo> {
      const before = await settings.current();
      const at = now();
      await k.transaction().execute(async (trx) => {
        await settings.store(trx, info, at);
        const reason = `${before.mode} → ${info.mode}; member invites ${info.memberInvites ? 'on' : 'off'}`;
        await recordAudit(trx, actor, { action: 'registration.mode', targetType: 'signup', targetId: null, targetLabel: 'Registration', reason }, at);
      });
      // After the commit: a read between the store and the commit would have kept the old value.
      settings.forget();
      return settings.current();
    },

    async waiting(): Promise<PendingRegistration[]> {
      return (await registrationRepo.waiting(k)).map(presentWaiting);
    },

    /** Admits a waiting account: it gets an activation link by mail, and signs in once it has opened it. */
    async approve(actor: UserRow, id: number): Promise<void> {
      const at = now();
      const { user, token } = await k.transaction().execute(async (trx) => {
        const user = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
        if (!user) throw notFound(REGISTRATION_MESSAGES.notWaiting);
        // A guarded update: of two moderators deciding at once, one decides.
        if (!(await registrationRepo.admit(trx, id, at))) throw conflict(REGISTRATION_MESSAGES.notWaiting);
        await recordAudit(trx, actor, { action: 'user.approve', targetType: 'user', targetId: id, targetLabel: user.username }, at);
        return { user, token: await issueToken(trx, id, 'activation', null, at) };
      });
      await mailer.send(approvalMail(user.email, user.username, `${publicUrl}/auth/activation/${token}`));
    },

    /** Declines a waiting account: it is deleted, and the person is told why. */
    async decline(actor: UserRow, id: number, reason: string): Promise<void> {
      const at = now();
      const user = await k.transaction().execute(async (trx) => {
        const user = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
        if (!user) throw notFound(REGISTRATION_MESSAGES.notWaiting);
        if (!(await registrationRepo.deleteWaiting(trx, id))) throw conflict(REGISTRATION_MESSAGES.notWaiting);
        await recordAudit(trx, actor, { action: 'user.decline', targetType: 'user', targetId: id, targetLabel: user.username, reason }, at);
        return user;
      });
      await mailer.send(declinedMail(user.email, user.username, reason, publicUrl));
    },

    /** The actor's own invites; `all` (admins) everyone's, with who made each. */
    async invites(actor: UserRow, all: boolean): Promise<Invite[]> {
      const at = now();
      const rows = await registrationRepo.listInvites(k, all ? null : actor.id);
      return rows.map((row) => presentInvite(row, at, all));
    },

    async createInvite(actor: UserRow, input: InviteInput): Promise<Invite> {
      const info = await settings.current();
      if (!mayInvite(actor, info)) throw forbidden(actor.state === 'active' ? REGISTRATION_MESSAGES.memberInvitesOff : API_MESSAGES.forbidden);
      const at = now();
      if ((await registrationRepo.countUsable(k, actor.id, at)) >= INVITE_LIMITS.perMember) throw badRequest(REGISTRATION_MESSAGES.tooManyInvites);
      // 72 random bits, URL-safe: not guessable, short enough to read out.
      const code = randomBytes(9).toString('base64url');
      const row = await registrationRepo.insertInvite(k, { code, created_by: actor.id, max_uses: input.maxUses, expires_at: at + input.expiresInDays * DAY_MS, created_at: at });
      return presentInvite(row, at, false);
    },

    async revokeInvite(actor: UserRow, id: number): Promise<void> {
      const invite = await registrationRepo.findInvite(k, id);
      // Someone else's invite is not theirs to know about: the same 404 as none.
      if (!invite || !mayRevoke(actor, invite)) throw notFound(REGISTRATION_MESSAGES.inviteNotFound);
      await registrationRepo.revokeInvite(k, id, now());
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
