import { vi } from 'vitest';

export interface StubAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface StubRequest {
  method: string;
  url: URL;
  /** The parsed JSON body, when there is one. */
  body: unknown;
}

type Responder = StubAnswer | ((request: StubRequest) => StubAnswer);

/**
 * Stubs fetch for component tests: a request gets the answer under
 * "METHOD /path" or, failing that, "/path" (the query is not part of the key);
 * a function answer sees the request, so it can page on the query. Anything
 * else is a 404 as the server sends it. Returns every request made, in order.
 */
export function stubFetch(answers: Record<string, Responder>): StubRequest[] {
  const requests: StubRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = new URL(String(input), 'http://localhost');
      const request = { method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
      requests.push(request);
      const responder = answers[`${method} ${url.pathname}`] ?? answers[url.pathname];
      const answer = typeof responder === 'function' ? responder(request) : responder;
      const { status = 200, body = null, headers = {} } = answer ?? {
        status: 404,
        body: { error: 'not_found', message: 'Not found', statusCode: 404 },
      };
      return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
    }),
  );
  return requests;
}
