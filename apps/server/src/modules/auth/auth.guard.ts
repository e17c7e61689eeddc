import { API_MESSAGES } from '@vgl/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/errors.js';
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

/** preHandler: 401 unless the request carries a valid, unrevoked token; sets request.actor. */
export const requireUser = (auth: AuthService) =>
  async function requireUserHandler(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    const user = token ? await auth.userFromToken(token) : null;
    if (!user) throw unauthorized(API_MESSAGES.unauthorized);
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
