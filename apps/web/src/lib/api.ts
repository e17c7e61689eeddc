import { isApiError, type ApiError } from '@vgl/shared';

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

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | undefined,
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

export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (authHeader) headers.Authorization = authHeader;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: init.signal,
  });
  const parsed = parseJson(await response.text());
  if (!response.ok) {
    throw new ApiRequestError(response.status, isApiError(parsed) ? parsed : undefined);
  }
  return { status: response.status, data: parsed as T, headers: response.headers };
}

/** A file download (CSV export): the body as a Blob, with the same auth header and errors as apiRequest. */
export async function apiDownload(path: string): Promise<Blob> {
  const response = await fetch(path, { headers: authHeader ? { Authorization: authHeader } : {} });
  if (!response.ok) {
    const parsed = parseJson(await response.text());
    throw new ApiRequestError(response.status, isApiError(parsed) ? parsed : undefined);
  }
  return response.blob();
}

export const api = {
  get: <T>(path: string, init?: { signal?: AbortSignal }) => apiRequest<T>('GET', path, undefined, init),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body ?? {}),
  put: <T>(path: string, body: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T = undefined>(path: string) => apiRequest<T>('DELETE', path),
};
