import { INVITE_LIMITS, REGISTRATION_MESSAGES } from '@vgl/shared';
import {
  declineRegistrationSchema,
  inviteIdParamSchema,
  inviteInputSchema,
  inviteSchema,
  noContentSchema,
  pendingRegistrationSchema,
  registrationIdParamSchema,
  registrationInfoSchema,
  registrationSettingsSchema,
} from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../http/route-conventions.js';
import { actorOf } from '../auth/auth.guard.js';
import type { RegistrationService } from './registration.service.js';

const notWaiting = errorResponse(409, `Decided meanwhile, or never waiting: "${REGISTRATION_MESSAGES.notWaiting}"`);

/** Who may join: the public mode, the dashboard's settings and approval queue, and invites. */
export const registrationRoutes =
  (registration: RegistrationService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['registration'];

    app.get(
      '/api/registration',
      {
        schema: {
          operationId: 'getRegistration',
          summary: 'Who may join this instance',
          description: 'The sign-up page and the nav read it. The dashboard’s choice wins over REGISTRATION; another instance’s change shows within 2 seconds.',
          tags,
          response: { 200: registrationInfoSchema },
        },
      },
      async () => registration.info(),
    );

    app.put(
      '/api/admin/registration',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'setRegistration',
          summary: 'Choose who may join',
          description: 'Stored in the database: it wins over REGISTRATION from then on, on every instance. Audited.',
          tags,
          body: registrationSettingsSchema,
          response: { 200: registrationInfoSchema },
        },
      },
      async (req) => registration.updateSettings(actorOf(req), req.body),
    );

    app.get(
      '/api/admin/registrations',
      {
        config: { access: 'staff' },
        schema: {
          operationId: 'listWaitingRegistrations',
          summary: 'Accounts waiting for a moderator’s approval, oldest first',
          tags,
          response: { 200: z.array(pendingRegistrationSchema) },
        },
      },
      async () => registration.waiting(),
    );

    app.post(
      '/api/admin/registrations/:id/approve',
      {
        config: { access: 'staff' },
        schema: {
          operationId: 'approveRegistration',
          summary: 'Admit a waiting account',
          description: 'The person gets an activation link by mail, and can sign in once it is opened. Audited.',
          tags,
          params: registrationIdParamSchema,
          response: { 204: noContentSchema, 404: errorResponse(404, 'No such account'), 409: notWaiting },
        },
      },
      async (req, reply) => {
        await registration.approve(actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/admin/registrations/:id/decline',
      {
        config: { access: 'staff' },
        schema: {
          operationId: 'declineRegistration',
          summary: 'Decline a waiting account',
          description: 'The account is deleted and the person is mailed the reason. Audited.',
          tags,
          params: registrationIdParamSchema,
          body: declineRegistrationSchema,
          response: { 204: noContentSchema, 404: errorResponse(404, 'No such account'), 409: notWaiting },
        },
      },
      async (req, reply) => {
        await registration.decline(actorOf(req), req.params.id, req.body.reason);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/invites',
      {
        config: { access: 'user', sessionOnly: true },
        schema: { operationId: 'listMyInvites', summary: 'Your invites, newest first', tags, response: { 200: z.array(inviteSchema) } },
      },
      async (req) => registration.invites(actorOf(req), false),
    );

    app.get(
      '/api/admin/invites',
      {
        config: { access: 'admin' },
        schema: { operationId: 'listAllInvites', summary: 'Every member’s invites, newest first', tags, response: { 200: z.array(inviteSchema) } },
      },
      async (req) => registration.invites(actorOf(req), true),
    );

    app.post(
      '/api/invites',
      {
        config: { access: 'user', sessionOnly: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          operationId: 'createInvite',
          summary: 'Create an invite link',
          description: `Admins always; other members when the admin turned member invites on (403 otherwise). At most ${INVITE_LIMITS.perMember} usable invites each. The link is /auth/register?invite=CODE.`,
          tags,
          body: inviteInputSchema,
          response: { 201: inviteSchema, 403: errorResponse(403, `Member invites are off: "${REGISTRATION_MESSAGES.memberInvitesOff}"`) },
        },
      },
      async (req, reply) => reply.code(201).send(await registration.createInvite(actorOf(req), req.body)),
    );

    app.delete(
      '/api/invites/:id',
      {
        config: { access: 'user', sessionOnly: true },
        schema: {
          operationId: 'revokeInvite',
          summary: 'Revoke an invite',
          description: 'Its creator or an admin; the code stops working at once.',
          tags,
          params: inviteIdParamSchema,
          response: { 204: noContentSchema, 404: errorResponse(404, 'No such invite of yours') },
        },
      },
      async (req, reply) => {
        await registration.revokeInvite(actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    );
  };
