import { describe, expect, it } from 'vitest';
import { apiCacheName, isKeptApiRequest, isMemberCache, markSaved, PUBLIC_API_CACHE, SAVED_ANSWER_HEADER, tokenSubject } from './apiCache';

/** A JWT-shaped token (the worker never checks signatures: the server does, and only its 200s are kept). */
const token = (claims: object) => `Bearer h.${btoa(JSON.stringify(claims)).replaceAll('=', '').replaceAll('+', '-').replaceAll('/', '_')}.s`;
const ORIGIN = 'https://vgl.example';
const kept = (path: string, method = 'GET', origin = ORIGIN) => isKeptApiRequest(new URL(path, origin), method, ORIGIN);

describe('the service worker’s API cache rules', () => {
  it('keeps each member’s answers in a cache of their own, and signed-out answers in the public one', () => {
    const alice = apiCacheName(token({ sub: '7', username: 'alice' }));
    const bob = apiCacheName(token({ sub: '8', username: 'bob' }));
    expect(alice).toBe('vgl-api-member-7');
    expect(bob).toBe('vgl-api-member-8');
    expect(apiCacheName(null)).toBe(PUBLIC_API_CACHE);
    expect(isMemberCache(alice!)).toBe(true);
    expect(isMemberCache(PUBLIC_API_CACHE)).toBe(false);
  });

  it('keeps nothing for a token it cannot read, so such an answer can never land in another cache', () => {
    expect(apiCacheName('Bearer not-a-token')).toBeNull();
    expect(apiCacheName(token({ username: 'no-subject' }))).toBeNull();
    expect(apiCacheName(token({ sub: '../../evil' }))).toBeNull();
    expect(apiCacheName('Basic abc')).toBeNull();
    expect(tokenSubject(token({ sub: 42 }))).toBe('42');
  });

  it('keeps API reads of this origin only, never sessions, exports or health', () => {
    expect(kept('/api/games/zelda')).toBe(true);
    expect(kept('/api/users/alice/library?page=2')).toBe(true);
    expect(kept('/api/users/alice/library', 'PUT')).toBe(false);
    expect(kept('/api/auth/me')).toBe(false);
    expect(kept('/api/auth')).toBe(false);
    expect(kept('/api/health')).toBe(false);
    expect(kept('/api/users/alice/export')).toBe(false);
    expect(kept('/games/zelda')).toBe(false);
    expect(kept('/api/games/zelda', 'GET', 'https://elsewhere.example')).toBe(false);
  });

  it('marks an answer given from the device, keeping its status and headers', async () => {
    const saved = markSaved(new Response('{"a":1}', { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(saved.headers.get(SAVED_ANSWER_HEADER)).toBe('1');
    expect(saved.headers.get('content-type')).toBe('application/json');
    expect(await saved.json()).toEqual({ a: 1 });
  });
});
