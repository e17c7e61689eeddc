import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
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

/**
 * The claims of a valid, unexpired token signed by us; null for anything else
 * (another algorithm, a token without `exp` or `iat`, one not yet valid).
 *
 * Every signed-in request verifies its token. jose verifies through WebCrypto,
 * which imports the key and runs the HMAC as a job on libuv's thread pool each
 * time: under bench:soak about a tenth of the server's CPU and one more trip
 * through the event loop per request. HS256 is one HMAC-SHA256, computed here
 * in place with node:crypto and compared in constant time; jose still signs
 * and decodes. A token's signature and claims never change, so the check is
 * remembered per token; its times (exp, nbf) are compared on every request.
 */
export function verifyUserToken(token: string, secret: string, now = Date.now()): TokenClaims | null {
  const signed = signedClaims(token, secret);
  if (!signed) return null;
  const seconds = Math.floor(now / 1000);
  if (signed.exp <= seconds) return null;
  if (signed.nbf !== undefined && (typeof signed.nbf !== 'number' || signed.nbf > seconds)) return null;
  return signed;
}

/** Tokens whose signature and shape were checked, per secret: a member sends the same token with every request. */
const checked = new Map<string, Map<string, (TokenClaims & { nbf?: unknown }) | null>>();
/** Tokens kept per secret; when full the memo starts again (a flood of made-up tokens only costs their HMACs). */
const CHECKED_MAX = 10_000;

/** The claims of a token signed with `secret` and shaped like ours, whatever the time; null otherwise. Remembered. */
function signedClaims(token: string, secret: string): (TokenClaims & { nbf?: unknown }) | null {
  let memo = checked.get(secret);
  if (!memo) checked.set(secret, (memo = new Map()));
  const known = memo.get(token);
  if (known !== undefined) return known;
  const claims = checkSignature(token, secret);
  if (memo.size >= CHECKED_MAX) memo.clear();
  memo.set(token, claims);
  return claims;
}

function checkSignature(token: string, secret: string): (TokenClaims & { nbf?: unknown }) | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  try {
    const { alg, crit } = decodeProtectedHeader(token);
    if (alg !== 'HS256' || crit !== undefined) return null;
    const expected = Buffer.from(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url'));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = decodeJwt(token);
    if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return null;
    if (typeof claims.sub !== 'string' || typeof claims.ver !== 'number') return null;
    return Object.freeze(claims) as unknown as TokenClaims & { nbf?: unknown };
  } catch {
    return null;
  }
}
