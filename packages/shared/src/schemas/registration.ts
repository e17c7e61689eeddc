import { z } from 'zod';
import { INVITE_LIMITS, REGISTRATION_MODES, type Invite, type PendingRegistration, type RegistrationInfo } from '../registration.js';
import { DB_INT_MAX } from './common.js';

const modeMessage = `mode must be one of ${REGISTRATION_MODES.join(', ')}`;

export const registrationInfoSchema = z.object({
  mode: z.enum(REGISTRATION_MODES).describe('open, approval (a moderator admits each account), invite (an invite code is needed) or closed'),
  memberInvites: z.boolean().describe('Whether members, not only admins, may create invites'),
}) satisfies z.ZodType<RegistrationInfo>;

/** PUT /api/admin/registration */
export const registrationSettingsSchema = z.object({
  mode: z.enum(REGISTRATION_MODES, modeMessage),
  memberInvites: z.boolean({ error: 'memberInvites must be true or false' }),
});

const id = z.coerce.number({ error: 'id must be a whole number' }).int('id must be a whole number').min(1, 'id must be a whole number').max(DB_INT_MAX, 'id must be a whole number');
export const registrationIdParamSchema = z.object({ id });
export const inviteIdParamSchema = z.object({ id });

const declineMessage = 'Give a reason of 3 to 500 characters';
/** POST /api/admin/registrations/{id}/decline: the reason is mailed to the person. */
export const declineRegistrationSchema = z.object({
  reason: z.string({ error: declineMessage }).trim().min(3, declineMessage).max(500, declineMessage),
});

const usesMessage = `maxUses must be a whole number from 1 to ${INVITE_LIMITS.maxUses}`;
const daysMessage = `expiresInDays must be a whole number from 1 to ${INVITE_LIMITS.maxDays}`;
/** POST /api/invites */
export const inviteInputSchema = z.object({
  maxUses: z.number({ error: usesMessage }).int(usesMessage).min(1, usesMessage).max(INVITE_LIMITS.maxUses, usesMessage),
  expiresInDays: z.number({ error: daysMessage }).int(daysMessage).min(1, daysMessage).max(INVITE_LIMITS.maxDays, daysMessage),
});
export type InviteInput = z.infer<typeof inviteInputSchema>;

export const inviteSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  createdBy: z.object({ username: z.string() }).nullable(),
  maxUses: z.number().int(),
  uses: z.number().int(),
  usesLeft: z.number().int(),
  expiresAt: z.number().nullable(),
  revokedAt: z.number().nullable(),
  createdAt: z.number(),
  status: z.enum(['usable', 'expired', 'used_up', 'revoked']),
}) satisfies z.ZodType<Invite>;

export const pendingRegistrationSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  requestedAt: z.number(),
}) satisfies z.ZodType<PendingRegistration>;
