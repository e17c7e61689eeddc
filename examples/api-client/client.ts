/**
 * A typed VGL API client in a few lines: the types are generated from the
 * server's own OpenAPI document (openapi-typescript), the calls are made
 * with openapi-fetch. CI generates `vgl-api.d.ts` from the running app and
 * compiles this file against it, so a route whose schema drifts from what
 * clients send breaks the build.
 *
 *   npx openapi-typescript http://localhost:3000/api/openapi.json -o examples/api-client/vgl-api.d.ts
 */
import createClient from 'openapi-fetch';
import type { paths } from './vgl-api.js';

export type VglClient = ReturnType<typeof vglClient>;

/** `token` is a session token from login or a personal access token (`vgl_pat_…`) from Settings. */
export function vglClient(baseUrl: string, token?: string) {
  return createClient<paths>({ baseUrl, headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

export const register = (api: VglClient, email: string, username: string, password: string) =>
  api.POST('/api/auth/register', { body: { email, username, password, password2: password } });

export const login = (api: VglClient, identifier: string, password: string) =>
  api.POST('/api/auth/login', { body: { identifier, password } });

/** Page 1 of the platform's games from the 1990s, best rated first. */
export const gamesOfTheNineties = (api: VglClient, platform: string) =>
  api.GET('/api/igdb/games', { params: { query: { platform, releaseDate: '1990-1999', sort: 'rating', limit: 12, page: 1 } } });

export const rateGame = (api: VglClient, username: string, slug: string, rating: number, review: string) =>
  api.PUT('/api/users/{username}/library/{slug}', {
    params: { path: { username, slug } },
    body: { status: 2, rating, review, platforms: [], favourite: false, replay: false },
  });

export const like = (api: VglClient, entityId: string) => api.POST('/api/like', { body: { entityId, liked: true } });
