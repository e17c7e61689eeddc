/**
 * Who may join (REGISTRATION, also on the dashboard): open as SPEC's sign-up,
 * approval (a moderator admits each new account), invite (a valid invite code
 * is needed) or closed (no sign-up; signing in still works).
 */
export const REGISTRATION_MODES = ['open', 'approval', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const INVITE_LIMITS = {
  maxUses: 100,
  maxDays: 365,
  /** Invites one member may have at a time (revoked and used-up ones do not count). */
  perMember: 20,
  codeMaxLength: 64,
} as const;

export const REGISTRATION_MESSAGES = {
  closed: 'Registration is closed on this instance.',
  waiting: "Your account is waiting for a moderator's approval.",
  requested: "Thanks! Your account is waiting for a moderator's approval. We will e-mail you as soon as it is approved.",
  inviteRequired: 'An invite code is needed to sign up on this instance.',
  inviteInvalid: 'This invite code is not valid.',
  inviteExpired: 'This invite has expired.',
  inviteUsedUp: 'This invite has been used as many times as it allows.',
  memberInvitesOff: 'Only admins can create invites on this instance.',
  tooManyInvites: `You can have at most ${INVITE_LIMITS.perMember} active invites; revoke one first.`,
  notWaiting: 'This account is not waiting for approval.',
  inviteNotFound: 'No such invite.',
} as const;

/** GET /api/registration: what the sign-up page and the nav need to know. */
export interface RegistrationInfo {
  mode: RegistrationMode;
  /** Whether members (not only admins) may create invites. */
  memberInvites: boolean;
}

/** An invite link, as its creator (or an admin) sees it. */
export interface Invite {
  id: number;
  code: string;
  /** Null for invites listed to their own creator. */
  createdBy: { username: string } | null;
  maxUses: number;
  uses: number;
  usesLeft: number;
  expiresAt: number | null;
  revokedAt: number | null;
  createdAt: number;
  /** usable, expired, used_up or revoked */
  status: 'usable' | 'expired' | 'used_up' | 'revoked';
}

/** An account waiting for a moderator (approval mode). */
export interface PendingRegistration {
  id: number;
  username: string;
  email: string;
  requestedAt: number;
}
