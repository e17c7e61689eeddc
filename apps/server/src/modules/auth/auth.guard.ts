import { ACCOUNT_MESSAGES, API_MESSAGES } from '@vgl/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../../http/errors.js';
import type { Guards } from '../../http/route-conventions.js';
import { isAdmin, isStaff } from '../admin/admin.policy.js';
import type { UserRow } from '../users/users.repo.js';
import type { AuthService } from './auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by requireUser. */
    actor: UserRow | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * preHandler: 401 unless the request carries a valid, unrevoked token; sets
 * request.actor. A suspended account may still read (its settings, its
 * suspension) but writes nothing: any other method is a 403 here, once for
 * every route. Login and token refresh do not pass through here, so a
 * suspended user can still sign in and get a token that says so (SPEC §4).
 */
export const requireUser = (auth: AuthService) =>
  async function requireUserHandler(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    const user = token ? await auth.userFromToken(token) : null;
    if (!user) throw unauthorized(API_MESSAGES.unauthorized);
    if (user.state === 'suspended' && !READ_METHODS.has(request.method)) throw new AppError(403, 'account_suspended', ACCOUNT_MESSAGES.suspended);
    request.actor = user;
  };

/** preHandler for public routes whose answer depends on who asks: sets request.actor when a valid token comes along. */
export const optionalUser = (auth: AuthService) =>
  async function optionalUserHandler(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    request.actor = token ? await auth.userFromToken(token) : null;
  };

/** The actor of a route behind requireUser. */
export function actorOf(request: FastifyRequest): UserRow {
  if (!request.actor) throw unauthorized(API_MESSAGES.unauthorized);
  return request.actor;
}

/**
 * The guards behind each `config.access` (http/route-conventions): they run
 * on request, before the body is read. Staff routes answer 403 to members
 * who are not moderators or admins in good standing.
 */
export function accessGuards(auth: AuthService): Guards {
  const user = requireUser(auth);
  const optional = optionalUser(auth);
  return {
    optional,
    user,
    async staff(request, reply) {
      await user.call(this, request, reply);
      if (!isStaff(request.actor)) throw forbidden(API_MESSAGES.forbidden);
    },
    async admin(request, reply) {
      await user.call(this, request, reply);
      if (!isAdmin(request.actor)) throw forbidden(API_MESSAGES.forbidden);
    },
  };
}
