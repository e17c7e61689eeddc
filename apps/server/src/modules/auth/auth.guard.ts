import { ACCOUNT_MESSAGES, API_MESSAGES, TOKEN_LIMITS, TOKEN_MESSAGES } from '@vgl/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../../http/errors.js';
import type { Guards } from '../../http/route-conventions.js';
import type { LimitCounters } from '../../http/limits/index.js';
import { userRateLimit } from '../../http/user-rate-limit.js';
import { isAdmin, isStaff } from '../admin/admin.policy.js';
import { isAccessToken, type TokenIdentity, type TokensService } from '../tokens/tokens.service.js';
import type { UserRow } from '../users/users.repo.js';
import type { AuthService } from './auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the access guards. */
    actor: UserRow | null;
    /** The personal access token the request came with; null for a session token or none. */
    accessToken: TokenIdentity | null;
  }
  interface FastifyContextConfig {
    /** Only a session token may call it (account and token management): a personal access token gets 403. */
    sessionOnly?: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const suspended = () => new AppError(403, 'account_suspended', ACCOUNT_MESSAGES.suspended);

/**
 * Who a request is: a session token (a JWT from log-in) or a personal access
 * token (`vgl_pat_…`). Token rules, checked here once for every route:
 * each token has its own per-minute budget; a read-only token only reads; a
 * suspended owner's tokens stop working altogether (a session may still
 * read, to show the suspended page); account and token management take a
 * session.
 */
function createAuthenticator(auth: AuthService, tokens: TokensService, limits: LimitCounters | undefined) {
  const tokenBudget = userRateLimit('token', TOKEN_LIMITS.requestsPerMinute, TOKEN_MESSAGES.slowDown, { counters: limits });

  async function fromAccessToken(request: FastifyRequest, bearer: string): Promise<UserRow> {
    // A script must learn that its token is dead, also where a visitor may read: 401, never "visitor".
    const identity = await tokens.identify(bearer);
    const user = identity ? await auth.userById(identity.userId) : undefined;
    if (!identity || !user || user.state === 'pending') throw unauthorized(TOKEN_MESSAGES.invalid);
    if (user.state === 'suspended') throw suspended();
    await tokenBudget(identity.tokenId);
    if (request.routeOptions.config.sessionOnly) throw new AppError(403, 'session_required', TOKEN_MESSAGES.sessionOnly);
    if (identity.scope === 'read' && !READ_METHODS.has(request.method)) throw new AppError(403, 'token_read_only', TOKEN_MESSAGES.readOnly);
    request.accessToken = identity;
    return user;
  }

  return async function authenticate(request: FastifyRequest): Promise<UserRow | null> {
    const bearer = bearerToken(request);
    if (!bearer) return null;
    return isAccessToken(bearer) ? fromAccessToken(request, bearer) : auth.userFromToken(bearer);
  };
}

/**
 * The guards behind each `config.access` (http/route-conventions): they run
 * on request, before the body is read, so a visitor learns nothing from a
 * 400. `user`: 401 without a valid token; a suspended member may read but
 * every other method is a 403 (login and refresh do not pass here, so a
 * suspended member still signs in and sees why, SPEC §4). `staff`/`admin`:
 * 403 for members who are not moderators/admins in good standing.
 */
export function accessGuards(auth: AuthService, tokens: TokensService, limits?: LimitCounters): Guards {
  const authenticate = createAuthenticator(auth, tokens, limits);
  async function user(request: FastifyRequest): Promise<void> {
    const actor = await authenticate(request);
    if (!actor) throw unauthorized(API_MESSAGES.unauthorized);
    if (actor.state === 'suspended' && !READ_METHODS.has(request.method)) throw suspended();
    request.actor = actor;
  }
  return {
    // A callback hook: a visitor without a token (most readers of the public pages) passes without a promise made.
    optional(request, _reply, done) {
      if (!request.headers.authorization) {
        request.actor = null;
        return done();
      }
      authenticate(request).then((actor) => {
        request.actor = actor;
        done();
      }, done);
    },
    user,
    async staff(request) {
      await user(request);
      if (!isStaff(request.actor)) throw forbidden(API_MESSAGES.forbidden);
    },
    async admin(request) {
      await user(request);
      if (!isAdmin(request.actor)) throw forbidden(API_MESSAGES.forbidden);
    },
  };
}

/** The actor of a route behind the `user` access level. */
export function actorOf(request: FastifyRequest): UserRow {
  if (!request.actor) throw unauthorized(API_MESSAGES.unauthorized);
  return request.actor;
}

