import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../db/schema.js';
import type { UserRow } from '../users/users.repo.js';

export const TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

/** What a token says about its user (SPEC §3 plus the role and a revocation version). */
export interface TokenClaims {
  sub: string;
  username: string;
  avatar: string | null;
  isSuspended: boolean;
  role: Role;
  /** users.token_version when signed; a raised version revokes the token. */
  ver: number;
  /** This session's id, so "Log out" can end this token alone (absent on tokens from before it existed). */
  jti?: string;
  iat: number;
  exp: number;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signUserToken(user: UserRow, secret: string, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({
    username: user.username,
    avatar: user.avatar,
    isSuspended: user.state === 'suspended',
    role: user.role,
    ver: user.token_version,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
    .sign(key(secret));
}

/** The claims of a valid, unexpired token signed by us; null for anything else (a token without `exp` too). */
export async function verifyUserToken(token: string, secret: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'] });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
    return payload as unknown as TokenClaims;
  } catch {
    return null;
  }
}
