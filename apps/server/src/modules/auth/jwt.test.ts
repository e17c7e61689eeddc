import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/users.repo.js';
import { signUserToken, verifyUserToken } from './jwt.js';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const NOW = Date.UTC(2026, 10, 25, 12);
const user = { id: 7, username: 'Alice_01', avatar: null, state: 'active', role: 'user', token_version: 3 } as unknown as UserRow;
const key = new TextEncoder().encode(SECRET);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token put together by hand: any header and claims, signed with HMAC-SHA256 over what is given. */
const handMade = (header: object, claims: object, secret = SECRET) => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
};
const claims = { sub: '7', username: 'Alice_01', ver: 3, iat: NOW / 1000, exp: NOW / 1000 + 3600 };

describe('verifyUserToken', () => {
  it('reads back what signUserToken signed', async () => {
    const token = await signUserToken(user, SECRET, NOW);
    expect(verifyUserToken(token, SECRET, NOW + 1000)).toMatchObject({ sub: '7', username: 'Alice_01', ver: 3, role: 'user', isSuspended: false, jti: expect.any(String) });
  });

  it('accepts what jose signs, and a token made by hand the same way', async () => {
    const token = await new SignJWT({ ver: 3 }).setProtectedHeader({ alg: 'HS256' }).setSubject('7').setIssuedAt(NOW / 1000).setExpirationTime(NOW / 1000 + 60).sign(key);
    expect(verifyUserToken(token, SECRET, NOW)?.sub).toBe('7');
    expect(verifyUserToken(handMade({ alg: 'HS256', typ: 'JWT' }, claims), SECRET, NOW)?.sub).toBe('7');
  });

  it('refuses another secret, a changed payload and a changed or padded signature', async () => {
    const token = await signUserToken(user, SECRET, NOW);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(verifyUserToken(token, `${SECRET}x`, NOW)).toBeNull();
    const promoted = b64({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'admin' });
    expect(verifyUserToken(`${header}.${promoted}.${signature}`, SECRET, NOW)).toBeNull();
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    expect(verifyUserToken(`${header}.${payload}.${flipped}`, SECRET, NOW)).toBeNull();
    // Base64 decoders skip characters they do not know; the signature is compared as text.
    expect(verifyUserToken(`${token}=`, SECRET, NOW)).toBeNull();
    expect(verifyUserToken(`${token}!`, SECRET, NOW)).toBeNull();
    expect(verifyUserToken(`${header}.${payload}`, SECRET, NOW)).toBeNull();
    expect(verifyUserToken(`${token}.${signature}`, SECRET, NOW)).toBeNull();
  });

  it('refuses other algorithms, unsigned tokens and critical headers', () => {
    expect(verifyUserToken(handMade({ alg: 'HS512' }, claims), SECRET, NOW)).toBeNull();
    expect(verifyUserToken(`${b64({ alg: 'none' })}.${b64(claims)}.`, SECRET, NOW)).toBeNull();
    expect(verifyUserToken(handMade({ alg: 'HS256', crit: ['b64'], b64: false }, claims), SECRET, NOW)).toBeNull();
  });

  it('refuses an expired token, one without exp or iat, and one not valid yet', () => {
    expect(verifyUserToken(handMade({ alg: 'HS256' }, claims), SECRET, claims.exp * 1000)).toBeNull();
    expect(verifyUserToken(handMade({ alg: 'HS256' }, claims), SECRET, claims.exp * 1000 - 1000)?.sub).toBe('7');
    const { exp: _exp, ...forever } = claims;
    expect(verifyUserToken(handMade({ alg: 'HS256' }, forever), SECRET, NOW)).toBeNull();
    const { iat: _iat, ...undated } = claims;
    expect(verifyUserToken(handMade({ alg: 'HS256' }, undated), SECRET, NOW)).toBeNull();
    expect(verifyUserToken(handMade({ alg: 'HS256' }, { ...claims, nbf: NOW / 1000 + 60 }), SECRET, NOW)).toBeNull();
    expect(verifyUserToken(handMade({ alg: 'HS256' }, { ...claims, exp: String(claims.exp) }), SECRET, NOW)).toBeNull();
  });

  it('checks the times of a token it has seen before on every use', () => {
    const token = handMade({ alg: 'HS256' }, { ...claims, nbf: NOW / 1000 + 60 });
    expect(verifyUserToken(token, SECRET, NOW + 61_000)?.sub).toBe('7');
    expect(verifyUserToken(token, SECRET, NOW)).toBeNull();
    expect(verifyUserToken(token, SECRET, claims.exp * 1000)).toBeNull();
    expect(verifyUserToken(token, `${SECRET}x`, NOW + 61_000)).toBeNull();
    expect(verifyUserToken(token, SECRET, NOW + 61_000)?.sub).toBe('7');
  });

  it('refuses claims that are not ours (no subject, no token version) and text that is no token', () => {
    const { sub: _sub, ...anonymous } = claims;
    expect(verifyUserToken(handMade({ alg: 'HS256' }, anonymous), SECRET, NOW)).toBeNull();
    expect(verifyUserToken(handMade({ alg: 'HS256' }, { ...claims, ver: '3' }), SECRET, NOW)).toBeNull();
    for (const junk of ['', '..', 'a.b.c', 'not a token', '\u0000.\u0000.\u0000', `${b64({ alg: 'HS256' })}.bm90IGpzb24.x`]) expect(verifyUserToken(junk, SECRET, NOW)).toBeNull();
  });
});
