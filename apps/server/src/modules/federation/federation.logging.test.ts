import type { LogRecord } from '@logtape/logtape';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { newKeyPair, remoteActivityId, startFakeFediverse, type FakeFediverse } from '../../test/fake-fediverse.js';
import { createUser } from '../../test/users.js';
import { writeFedifyRecord } from './federation.logging.js';

const ORIGIN = 'https://vgl.test';
const onVgl = (url: string) => new URL(url).pathname + new URL(url).search;

describe('Fedify’s log records in VGL’s log', () => {
  const record = (over: Partial<LogRecord>): LogRecord => ({
    category: ['fedify', 'sig', 'http'],
    level: 'warning',
    message: ['Failed to fetch the key ', new URL('https://remote.example/users/a#main-key'), ' for ', { huge: 'activity' }, '.'],
    rawMessage: 'Failed to fetch the key {keyId} for {activity}.',
    timestamp: 0,
    properties: {},
    ...over,
  });
  const captured = () => {
    const lines: { level: string; fields: Record<string, unknown>; msg: string }[] = [];
    const at = (level: string) => (fields: Record<string, unknown>, msg: string) => lines.push({ level, fields, msg });
    const log = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), fatal: at('fatal') };
    return { lines, log: log as unknown as Parameters<typeof writeFedifyRecord>[0] };
  };

  it('writes one line with the component, the category, the message with its values, and plain fields only', () => {
    const { lines, log } = captured();
    const error = new TypeError('fetch failed');
    writeFedifyRecord(log, record({ properties: { keyId: new URL('https://remote.example/users/a#main-key'), status: 410, activity: { type: 'Create' }, error } }));
    expect(lines).toEqual([
      {
        level: 'warn',
        fields: { component: 'fedify', category: 'fedify.sig.http', keyId: 'https://remote.example/users/a#main-key', status: 410, err: error },
        msg: 'Failed to fetch the key https://remote.example/users/a#main-key for [object].',
      },
    ]);
  });

  it('maps each LogTape level to pino’s', () => {
    const { lines, log } = captured();
    for (const level of ['debug', 'info', 'warning', 'error', 'fatal'] as const) writeFedifyRecord(log, record({ level }));
    expect(lines.map((line) => line.level)).toEqual(['debug', 'info', 'warn', 'error', 'fatal']);
  });
});

describe.each(dbKinds)('Fedify’s warnings reach the app’s log on %s', (kind) => {
  let t: TestApp;
  let remote: FakeFediverse;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    t = await createTestApp(kind, { env: { FEDERATION: 'on' }, federation: { allowPrivateHttp: true }, logger: { level: 'warn', stream } });
    remote = await startFakeFediverse({
      fetchFromVgl: async (url) => t.app.inject({ url: onVgl(url), headers: { accept: 'application/activity+json', host: 'vgl.test' } }),
      postToVgl: async (url, headers, body) => t.app.inject({ method: 'POST', url: onVgl(url), headers, payload: body }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await remote?.close();
  });

  it('logs why a delivery signed with the wrong key was refused', async () => {
    const { id } = await createUser(t.db.kysely, { username: 'ann' });
    const follow = { '@context': 'https://www.w3.org/ns/activitystreams', id: remoteActivityId(remote.origin), type: 'Follow', actor: remote.actorId, object: `${ORIGIN}/ap/users/${id}` };
    const answer = await remote.signedPost(`${ORIGIN}/ap/users/${id}/inbox`, follow, { privateKeyPem: newKeyPair().privateKey });
    expect(answer.statusCode).toBe(401);
    const fedify = lines.filter((line) => line.component === 'fedify');
    // Fedify's own words, its category and its fields, at pino's error and warn levels (nothing below warnings by default).
    expect(fedify).toContainEqual(expect.objectContaining({ level: 50, category: 'fedify.federation.inbox', recipient: String(id), msg: "Failed to verify the request's HTTP Signatures." }));
    expect(fedify).toContainEqual(expect.objectContaining({ level: 40, category: 'fedify.federation.http', status: 401, msg: `POST /ap/users/${id}/inbox: 401` }));
    expect(fedify.every((line) => Number(line.level) >= 40)).toBe(true);
  });
});
