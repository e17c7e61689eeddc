import { isApiError, type ApiError } from '@vgl/shared';
import { noteAnswer, noteUnreachable } from './connectivity';

/**
 * The one fetch wrapper of the web app. While a token is set every call
 * carries "Authorization: Bearer …"; clearing it removes the header (SPEC §1).
 */
let authHeader: string | null = null;

export function setAuthToken(token: string | null): void {
  authHeader = token ? `Bearer ${token}` : null;
}

export function hasAuthHeader(): boolean {
  return authHeader !== null;
}

/** The header itself, for a request that must still go out after logout clears it (lib/pushDevice). */
export function currentAuthHeader(): string | null {
  return authHeader;
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | undefined,
    /** The server's Retry-After in seconds (429 and 503 carry it), when it sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
    this.name = 'ApiRequestError';
  }
}

export interface ApiResponse<T> {
  status: number;
  data: T;
  headers: Headers;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Called when any call answers 403 "account_suspended": the account was
 * suspended after its token was issued. The auth store registers it; this
 * file stays free of React and of the stores.
 */
let onAccountSuspended: (() => void) | null = null;

export function setAccountSuspendedHandler(handler: (() => void) | null): void {
  onAccountSuspended = handler;
}

/**
 * Called when a call made with the current token answers 401: the server no
 * longer accepts this session (revoked by a password or role change, "log
 * out everywhere", expired). Registered by the auth store, like the above.
 */
let onSessionEnded: (() => void) | null = null;

export function setSessionEndedHandler(handler: (() => void) | null): void {
  onSessionEnded = handler;
}

/** Calls whose 401 judges the credentials they carry, not the session: wrong password, a stale token to refresh. */
const CREDENTIAL_CHECKS = new Set(['/api/auth/login', '/api/auth/refresh']);

/**
 * Whether a 401 ends the session: the call carried a token, that token is
 * still the current one (so the many calls in flight with a revoked token
 * end it once, and a call from before a new sign-in ends nothing), and it
 * is not a credential check. A visitor's calls carry no token: never.
 */
function endsSession(response: Response, sentAuth: string | null, path: string): boolean {
  return response.status === 401 && sentAuth !== null && sentAuth === authHeader && !CREDENTIAL_CHECKS.has(path.split('?')[0]!);
}

/** Throws ApiRequestError for a failed answer (after telling the suspension or session handler, when that is the reason). */
function failIfNotOk(response: Response, parsed: unknown, sentAuth: string | null, path: string): void {
  if (response.ok) return;
  const body = isApiError(parsed) ? parsed : undefined;
  if (response.status === 403 && (parsed as { error?: unknown } | undefined)?.error === 'account_suspended') onAccountSuspended?.();
  if (endsSession(response, sentAuth, path)) onSessionEnded?.();
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  throw new ApiRequestError(response.status, body, Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function send<T>(method: Method, path: string, headers: Record<string, string>, body: BodyInit | undefined, signal?: AbortSignal): Promise<ApiResponse<T>> {
  const sentAuth = authHeader;
  if (sentAuth) headers.Authorization = sentAuth;
  const response = await fetch(path, { method, headers, body, signal }).catch((error: unknown) => {
    if (!signal?.aborted) noteUnreachable();
    throw error;
  });
  noteAnswer(response);
  const parsed = parseJson(await response.text());
  failIfNotOk(response, parsed, sentAuth, path);
  return { status: response.status, data: parsed as T, headers: response.headers };
}

export async function apiRequest<T>(method: Method, path: string, body?: unknown, init: { signal?: AbortSignal; headers?: Record<string, string> } = {}): Promise<ApiResponse<T>> {
  // Extra headers first: Accept, Content-Type and Authorization stay the client's own.
  const headers: Record<string, string> = { ...init.headers, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return send<T>(method, path, headers, body === undefined ? undefined : JSON.stringify(body), init.signal);
}

/** A multipart upload (the avatar): the browser sets the multipart content type and its boundary itself. */
export async function apiUpload<T>(path: string, form: FormData, method: 'POST' | 'PUT' = 'POST'): Promise<ApiResponse<T>> {
  return send<T>(method, path, { Accept: 'application/json' }, form);
}

/** A file download (CSV export): the body as a Blob, with the same auth header and errors as apiRequest. */
export async function apiDownload(path: string): Promise<Blob> {
  const sentAuth = authHeader;
  const response = await fetch(path, { headers: sentAuth ? { Authorization: sentAuth } : {} });
  if (!response.ok) failIfNotOk(response, parseJson(await response.text()), sentAuth, path);
  return response.blob();
}

export const api = {
  get: <T>(path: string, init?: { signal?: AbortSignal }) => apiRequest<T>('GET', path, undefined, init),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body ?? {}),
  put: <T>(path: string, body: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T = undefined>(path: string, body?: unknown) => apiRequest<T>('DELETE', path, body),
};
