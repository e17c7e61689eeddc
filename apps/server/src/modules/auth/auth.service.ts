import { ACCOUNT_MESSAGES, MESSAGES, REGISTRATION_MESSAGES, type RegistrationMode } from '@vgl/shared';
import type { RegisterPayload } from '@vgl/shared/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation, lockMember } from '../../db/concurrency.js';
import type { Db } from '../../db/database.js';
import { AppError, badRequest, forbidden, tooManyRequests, unauthorized } from '../../http/errors.js';
import { Limit, memoryCounters, type LimitCounters } from '../../http/limits/index.js';
import type { Mailer } from '../../mail/mailer.js';
import { activationMail, emailChangeMail, passwordResetMail } from '../../mail/templates.js';
import { inviteProblem } from '../registration/registration.policy.js';
import { registrationRepo } from '../registration/registration.repo.js';
import type { RegistrationSettings } from '../registration/registration.settings.js';
import { usernameHistoryRepo } from '../users/username-history.repo.js';
import { emailKey, usernameKey, usersRepo, type UserRow } from '../users/users.repo.js';
import { signUserToken, verifyUserToken } from './jwt.js';
import { consumeToken, issueToken } from './one-time-tokens.js';
import { sessionsRepo } from './sessions.repo.js';
import { hashIsOutdated, hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.js';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  jwtSecret: string;
  log: FastifyBaseLogger;
  /** Where attempts are counted (http/limits): shared by every instance on PostgreSQL; memory when left out. */
  limits?: LimitCounters;
  /** Who may join (REGISTRATION and the dashboard's choice); open when left out. */
  registration?: RegistrationSettings;
  now?: () => number;
}

/** What a sign-up led to: an activation mail (open, invite), or a wait for a moderator (approval). */
export type RegisterOutcome = 'activationSent' | 'awaitingApproval';

export type LoginOutcome = { kind: 'signedIn'; token: string } | { kind: 'activationSent' };

/** Failed logins on one account (from any address) in 15 minutes before every attempt on it is slowed. */
export const LOGIN_SLOWDOWN_AFTER = 50;
const LOGIN_SLOWDOWN_MS = 1_000;
/** Far above any token we sign (a few hundred characters). */
const MAX_TOKEN_LENGTH = 4_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const invalidLink = () => new AppError(400, 'invalid_token', ACCOUNT_MESSAGES.invalidLink);

export function createAuthService({ db, mailer, publicUrl, jwtSecret, log, registration, now = Date.now, limits = memoryCounters(now) }: AuthDeps) {
  const k = db.kysely;
  // 10 failed logins per account *and client* per 15 minutes: guesses from one address lock
  // out that address only, so the owner elsewhere still signs in. Guesses spread over many
  // addresses are slowed instead (LOGIN_SLOWDOWN_MS), never refused. 5 account mails per address per hour.
  const loginFailures = new Limit(limits, 'login-failures', 10, 15 * 60_000);
  const accountFailures = new Limit(limits, 'account-failures', LOGIN_SLOWDOWN_AFTER, 15 * 60_000);
  const accountMails = new Limit(limits, 'account-mails', 5, 60 * 60_000);

  /** Mails go out in the background: the answer never waits on (or reveals) delivery. */
  const deliver = (message: Parameters<Mailer['send']>[0]) => {
    mailer.send(message).catch((err: unknown) => log.error({ err, to: message.to }, 'mail delivery failed'));
  };

  async function sendActivation(user: UserRow): Promise<void> {
    if (!(await accountMails.take(user.email_key))) return;
    const token = await issueToken(k, user.id, 'activation', null, now());
    deliver(activationMail(user.email, user.username, `${publicUrl}/auth/activation/${token}`));
  }

  /** A 400 naming the e-mail and/or username another account already has, and the invite code when it cannot be used. */
  async function refuseTaken(input: { email: string; username: string }, invite: string | null = null): Promise<void> {
    const [emailTaken, nameTaken, inviteError] = await Promise.all([
      usersRepo.isEmailTaken(k, input.email),
      usersRepo.isUsernameTaken(k, input.username),
      invite === null ? null : inviteRefusal(invite),
    ]);
    const errors: Record<string, string> = {};
    if (emailTaken) errors.email = MESSAGES.validation.email.taken;
    if (nameTaken) errors.username = MESSAGES.validation.username.taken;
    if (inviteError) errors.invite = inviteError;
    if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
  }

  /** Why this invite code cannot be used now (the invite field's message), or null. */
  async function inviteRefusal(code: string): Promise<string | null> {
    if (!code) return REGISTRATION_MESSAGES.inviteRequired;
    const problem = inviteProblem(await registrationRepo.findInviteByCode(k, code), now());
    if (problem === 'expired') return REGISTRATION_MESSAGES.inviteExpired;
    if (problem === 'usedUp') return REGISTRATION_MESSAGES.inviteUsedUp;
    return problem ? REGISTRATION_MESSAGES.inviteInvalid : null;
  }

  async function refuseInvite(code: string): Promise<never> {
    const message = (await inviteRefusal(code)) ?? REGISTRATION_MESSAGES.inviteUsedUp;
    throw badRequest(message, { invite: message });
  }

  /** A pending account a moderator has not admitted yet (REGISTRATION=approval): it can do nothing until then. */
  const awaitsApproval = (user: UserRow) => user.state === 'pending' && user.awaiting_approval_since !== null;

  const usernameTaken = () => badRequest(MESSAGES.validation.username.taken, { username: MESSAGES.validation.username.taken });

  return {
    async isEmailFree(email: string) {
      return !(await usersRepo.isEmailTaken(k, email));
    },

    async isUsernameFree(username: string) {
      return !(await usersRepo.isUsernameTaken(k, username));
    },

    async register(input: RegisterPayload): Promise<RegisterOutcome> {
      const mode: RegistrationMode = registration ? (await registration.current()).mode : 'open';
      if (mode === 'closed') throw forbidden(REGISTRATION_MESSAGES.closed);
      const invite = mode === 'invite' ? (input.invite ?? '') : null;
      await refuseTaken(input, invite);
      const at = now();
      // Hashed before the transaction: the invite's row stays locked only for the two writes.
      const passwordHash = await hashPassword(input.password);
      let user: UserRow;
      try {
        user = await k.transaction().execute(async (trx) => {
          // The invite's use and the account land together: a sign-up refused for a taken name gives the use back.
          if (invite !== null && !(await registrationRepo.takeUse(trx, invite, at))) return null;
          return usersRepo.insert(trx, {
            username: input.username,
            username_key: usernameKey(input.username),
            email: input.email,
            email_key: emailKey(input.email),
            password_hash: passwordHash,
            avatar: null,
            bio: null,
            suspended_reason: null,
            suspended_at: null,
            created_at: at,
            updated_at: at,
            activated_at: null,
            last_login_at: null,
            awaiting_approval_since: mode === 'approval' ? at : null,
          });
        }) ?? (await refuseInvite(invite ?? ''));
      } catch (err) {
        // Sign-ups racing for the same name or address: the unique indexes decide; the others hear which is taken now.
        if (!isUniqueViolation(err)) throw err;
        await refuseTaken(input);
        throw usernameTaken();
      }
      // The name may have been someone's before a rename: it is this member's now, not a way to the other.
      await usernameHistoryRepo.release(k, user.username);
      // Approval: no mail yet; the moderator's approval mails the activation link.
      if (mode === 'approval') return 'awaitingApproval';
      await sendActivation(user);
      return 'activationSent';
    },

    /** `client` is who is asking (the client address): failures are counted per account and client. */
    async login(identifier: string, password: string, client = 'unknown'): Promise<LoginOutcome> {
      const accountKey = identifier.trim().toLowerCase();
      const limitKey = `${accountKey}\n${client}`;
      const [clientBlocked, accountBlocked] = await Promise.all([loginFailures.isBlocked(limitKey), accountFailures.isBlocked(accountKey)]);
      if (clientBlocked) throw tooManyRequests(ACCOUNT_MESSAGES.tooManyLogins);
      // Many failures from many addresses: every attempt on the account waits a little, right or wrong.
      if (accountBlocked) await sleep(LOGIN_SLOWDOWN_MS);
      const user = await usersRepo.findByIdentifier(k, identifier.trim());
      const ok = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstNothing(password);
      if (!user || !ok) {
        await Promise.all([loginFailures.record(limitKey), accountFailures.record(accountKey)]);
        throw new AppError(401, 'invalid_credentials', MESSAGES.login.failed);
      }
      await loginFailures.reset(limitKey);
      if (awaitsApproval(user)) throw forbidden(REGISTRATION_MESSAGES.waiting);
      if (user.state === 'pending') {
        await sendActivation(user);
        return { kind: 'activationSent' };
      }
      // The password is at hand only now: a hash made with former settings is made again with today's.
      const rehashed = hashIsOutdated(user.password_hash) ? { password_hash: await hashPassword(password) } : {};
      const updated = await usersRepo.update(k, user.id, { last_login_at: now(), ...rehashed });
      return { kind: 'signedIn', token: await signUserToken(updated, jwtSecret, now()) };
    },

    /** A fresh token for a valid one whose user still exists and has not revoked it. */
    async refresh(authToken: string): Promise<string> {
      // Our tokens are a few hundred characters: a longer string is not one of them, and is not worth verifying.
      const user = authToken.length <= MAX_TOKEN_LENGTH ? await this.userFromToken(authToken) : null;
      if (!user) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
      return signUserToken(user, jwtSecret, now());
    },

    /**
     * Ends the session of this token (it stops working at once), or with
     * `everywhere` every session of the member (a raised token version).
     */
    async logout(actor: UserRow, token: string, everywhere: boolean): Promise<void> {
      if (everywhere) {
        await usersRepo.update(k, actor.id, { token_version: actor.token_version + 1, updated_at: now() });
        return;
      }
      const claims = verifyUserToken(token, jwtSecret);
      if (claims?.jti) await sessionsRepo.revoke(k, claims.jti, claims.exp * 1000, now());
    },

    async userById(id: number): Promise<UserRow | null> {
      return (await usersRepo.findById(k, id)) ?? null;
    },

    async userFromToken(token: string): Promise<UserRow | null> {
      const claims = verifyUserToken(token, jwtSecret);
      if (!claims) return null;
      const user = await sessionsRepo.accountOf(k, Number(claims.sub), claims.jti || undefined);
      if (!user || user.token_version !== claims.ver || user.state === 'pending') return null;
      return user;
    },

    async activate(token: string): Promise<void> {
      const used = await consumeToken(k, token, 'activation', now());
      if (!used) throw invalidLink();
      const user = await usersRepo.findById(k, used.userId);
      if (user?.state === 'pending' && !awaitsApproval(user)) await usersRepo.update(k, user.id, { state: 'active', activated_at: now(), updated_at: now() });
    },

    /** Same answer whether or not the address is registered. */
    async resendActivation(email: string): Promise<void> {
      const user = await usersRepo.findByEmail(k, email);
      if (user?.state === 'pending' && !awaitsApproval(user)) await sendActivation(user);
    },

    /** Same answer whether or not the address is registered. */
    async requestPasswordReset(email: string): Promise<void> {
      const user = await usersRepo.findByEmail(k, email);
      if (!user || awaitsApproval(user) || !(await accountMails.take(user.email_key))) return;
      const token = await issueToken(k, user.id, 'password_reset', null, now());
      deliver(passwordResetMail(user.email, user.username, `${publicUrl}/auth/password/new/${token}`));
    },

    /** Sets the new password and revokes every token issued before. The mailed link proves the address, so it activates too. */
    async resetPassword(token: string, password: string): Promise<void> {
      const used = await consumeToken(k, token, 'password_reset', now());
      if (!used) throw invalidLink();
      const user = await usersRepo.findById(k, used.userId);
      if (!user || awaitsApproval(user)) throw invalidLink();
      await usersRepo.update(k, user.id, {
        password_hash: await hashPassword(password),
        token_version: user.token_version + 1,
        updated_at: now(),
        ...(user.state === 'pending' ? { state: 'active' as const, activated_at: now() } : {}),
      });
    },

    /**
     * Renames the member. The old name keeps leading to them (username
     * history) until someone takes it; the new one stops leading anywhere
     * else. A former name is free to take: only current names are refused.
     */
    async changeUsername(user: UserRow, username: string): Promise<string> {
      if (user.state === 'suspended') throw forbidden(ACCOUNT_MESSAGES.suspended);
      if (await usersRepo.isUsernameTaken(k, username, user.id)) throw usernameTaken();
      const updated = await k
        .transaction()
        .execute(async (trx) => {
          // The name as it is now, not as this request read it: two renames at once each record the name they replaced.
          await lockMember(db, trx, user.id);
          const before = (await usersRepo.findById(trx, user.id)) ?? user;
          const renamed = await usersRepo.update(trx, user.id, { username, username_key: usernameKey(username), updated_at: now() });
          if (renamed.username_key !== before.username_key) {
            await usernameHistoryRepo.release(trx, renamed.username);
            await usernameHistoryRepo.record(trx, before.username_key, user.id, now());
          }
          return renamed;
        })
        .catch((err: unknown) => {
          // Taken meanwhile by someone asking at the same time: the unique index decides.
          throw isUniqueViolation(err) ? usernameTaken() : err;
        });
      return signUserToken(updated, jwtSecret, now());
    },

    /** Checks the current password, sets the new one and revokes every token; this session gets a fresh one. */
    async changePassword(user: UserRow, currentPassword: string, password: string): Promise<string> {
      if (!(await verifyPassword(user.password_hash, currentPassword))) {
        throw badRequest(ACCOUNT_MESSAGES.wrongPassword, { currentPassword: ACCOUNT_MESSAGES.wrongPassword });
      }
      const updated = await usersRepo.update(k, user.id, {
        password_hash: await hashPassword(password),
        token_version: user.token_version + 1,
        updated_at: now(),
      });
      return signUserToken(updated, jwtSecret, now());
    },

    /** Mails a confirmation link to the new address; the change applies when it is opened. */
    async requestEmailChange(user: UserRow, email: string, password: string): Promise<void> {
      if (user.state === 'suspended') throw forbidden(ACCOUNT_MESSAGES.suspended);
      if (!(await verifyPassword(user.password_hash, password))) {
        throw badRequest(ACCOUNT_MESSAGES.wrongPassword, { password: ACCOUNT_MESSAGES.wrongPassword });
      }
      if (await usersRepo.isEmailTaken(k, email, user.id)) {
        throw badRequest(MESSAGES.validation.email.taken, { email: MESSAGES.validation.email.taken });
      }
      const token = await issueToken(k, user.id, 'email_change', email.trim(), now());
      deliver(emailChangeMail(email.trim(), user.username, `${publicUrl}/auth/verification/${token}`));
    },

    async verifyEmailChange(token: string): Promise<void> {
      const used = await consumeToken(k, token, 'email_change', now());
      if (!used?.payload) throw invalidLink();
      const taken = () => badRequest(MESSAGES.validation.email.taken);
      if (await usersRepo.isEmailTaken(k, used.payload, used.userId)) throw taken();
      await usersRepo.update(k, used.userId, { email: used.payload, email_key: emailKey(used.payload), updated_at: now() }).catch((err: unknown) => {
        throw isUniqueViolation(err) ? taken() : err;
      });
    },

  };
}

export type AuthService = ReturnType<typeof createAuthService>;
