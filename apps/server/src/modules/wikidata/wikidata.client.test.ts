import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { retryAfterMs, WikidataClient, WikidataError } from './wikidata.client.js';

const result = { head: { vars: ['x'] }, results: { bindings: [{ x: { type: 'literal', value: 'ok' } }] } };

/** A SPARQL endpoint that answers from a script: each request takes the next answer. */
async function scripted(answers: { status: number; headers?: Record<string, string>; body?: unknown }[]) {
  const seen: { at: number; ua: string | undefined; body: string; accept: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ at: Date.now(), ua: req.headers['user-agent'], body, accept: req.headers.accept });
      const answer = answers.shift() ?? { status: 200, body: result };
      res.writeHead(answer.status, { 'content-type': 'application/sparql-results+json', ...answer.headers });
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? result));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sparql`, seen, close: () => new Promise((r) => server.close(r)) };
}

describe('Wikidata SPARQL client', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => close?.());

  it('posts the query with its User-Agent and reads the standard JSON results', async () => {
    const endpoint = await scripted([]);
    close = endpoint.close;
    const client = new WikidataClient({ sparqlUrl: endpoint.url, userAgent: 'VGL/0.1.0 (https://vgl.test; test)' });
    expect(await client.select('SELECT ?x WHERE {}')).toEqual(result.results.bindings);
    expect(endpoint.seen[0]).toMatchObject({ ua: 'VGL/0.1.0 (https://vgl.test; test)', accept: 'application/sparql-results+json' });
    expect(new URLSearchParams(endpoint.seen[0]!.body).get('query')).toBe('SELECT ?x WHERE {}');
    expect(client.requests).toBe(1);
  });

  it('waits as long as Retry-After says on 429 and 503, then goes on', async () => {
    const endpoint = await scripted([{ status: 429, headers: { 'retry-after': '1' }, body: 'Too many requests' }, { status: 503, headers: { 'retry-after': '0' }, body: '' }]);
    close = endpoint.close;
    const client = new WikidataClient({ sparqlUrl: endpoint.url, userAgent: 'VGL/test', backoffMs: 10 });
    expect(await client.select('SELECT ?x WHERE {}')).toHaveLength(1);
    expect(endpoint.seen).toHaveLength(3);
    expect(endpoint.seen[1]!.at - endpoint.seen[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('keeps to its rate: no second window holds more requests than allowed', async () => {
    const endpoint = await scripted([]);
    close = endpoint.close;
    const client = new WikidataClient({ sparqlUrl: endpoint.url, userAgent: 'VGL/test', perSecond: 3, concurrency: 2 });
    await Promise.all(Array.from({ length: 7 }, () => client.select('SELECT ?x WHERE {}')));
    const times = endpoint.seen.map((s) => s.at);
    for (let i = 3; i < times.length; i += 1) expect(times[i]! - times[i - 3]!).toBeGreaterThanOrEqual(950);
  });

  it('gives up with a clear error on a refusal, and after its tries on repeated failures', async () => {
    const refused = await scripted([{ status: 403, body: 'Please set a user-agent' }]);
    close = refused.close;
    const client = new WikidataClient({ sparqlUrl: refused.url, userAgent: 'VGL/test' });
    await expect(client.select('SELECT ?x WHERE {}')).rejects.toThrow(/refused the request \(403\): Please set a user-agent/);
    await refused.close();

    const failing = await scripted(Array.from({ length: 5 }, () => ({ status: 500, body: 'java.util.concurrent.TimeoutException' })));
    close = failing.close;
    const tries = new WikidataClient({ sparqlUrl: failing.url, userAgent: 'VGL/test', maxTries: 3, backoffMs: 5 });
    const error = await tries.select('SELECT ?x WHERE {}').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WikidataError);
    expect((error as Error).message).toMatch(/time limit \(gave up after 3 tries\)/);
    expect(failing.seen).toHaveLength(3);
  });

  it('stops before a request when told to (a lost lease, a shutdown)', async () => {
    const endpoint = await scripted([]);
    close = endpoint.close;
    const client = new WikidataClient({ sparqlUrl: endpoint.url, userAgent: 'VGL/test' });
    client.beforeRequest = () => {
      throw new Error('stopping');
    };
    await expect(client.select('SELECT ?x WHERE {}')).rejects.toThrow('stopping');
    expect(endpoint.seen).toHaveLength(0);
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAfterMs('7')).toBe(7000);
    expect(retryAfterMs(new Date(Date.UTC(2030, 0, 1, 0, 0, 10)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(10_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
