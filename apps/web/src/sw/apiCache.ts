/**
 * Which API answers the service worker keeps for offline reading, and in
 * which cache. Plain functions (no worker globals) so the page can share the
 * cache names (logout clears them) and tests can run them.
 *
 * A member's answers (the request carries their token) go to a cache of
 * their own, named by the token's subject: on a shared device another
 * member's requests carry another token, so they can never be answered from
 * this one's cache, and logout deletes every member cache anyway.
 */

export const PUBLIC_API_CACHE = 'vgl-api-public';
export const MEMBER_API_CACHE_PREFIX = 'vgl-api-member-';
export const PAGES_CACHE = 'vgl-pages';
/** Marks an API answer the worker gave from the device, not the server: the page then shows it is offline (lib/connectivity). */
export const SAVED_ANSWER_HEADER = 'x-vgl-saved';

/** A kept answer, marked as coming from the device. */
export function markSaved(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set(SAVED_ANSWER_HEADER, '1');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Answers never kept: tokens and sessions, exports and feeds (files, secrets in URLs), health, the catalog's loading state and metrics. */
const NEVER_KEPT = [/^\/api\/auth(\/|$)/, /^\/api\/health$/, /^\/api\/igdb\/status$/, /\/export(\/|$)/, /\/calendar(\/|$)/, /\.ics$/, /^\/api\/metrics/];

export function isKeptApiRequest(url: URL, method: string, origin: string): boolean {
  if (method !== 'GET' || url.origin !== origin) return false;
  if (!url.pathname.startsWith('/api/')) return false;
  return !NEVER_KEPT.some((pattern) => pattern.test(url.pathname));
}

/** The token's subject (the member id), read without checking the signature: the server checks it, and only its 200s are kept. */
export function tokenSubject(authorization: string | null): string | null {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replaceAll('-', '+').replaceAll('_', '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : null;
  } catch {
    return null;
  }
}

/** The cache an API answer belongs in: the member's own, or the public one for signed-out requests; null when a token is unreadable. */
export function apiCacheName(authorization: string | null): string | null {
  if (!authorization) return PUBLIC_API_CACHE;
  const sub = tokenSubject(authorization);
  return sub && /^[\w-]{1,64}$/.test(sub) ? `${MEMBER_API_CACHE_PREFIX}${sub}` : null;
}

export function isMemberCache(name: string): boolean {
  return name.startsWith(MEMBER_API_CACHE_PREFIX);
}
