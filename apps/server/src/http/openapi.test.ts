import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { seedGames } from '../test/catalog.js';
import { dbKinds } from '../test/databases.js';
import { bearer, createUser, loginToken } from '../test/users.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const run = promisify(execFile);

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: unknown;
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: object } };

/** What this test uses of examples/api-client/client.ts (its own types come from the generated file, compiled above). */
interface Answer<T> {
  data?: T;
  response: Response;
}
interface ExampleClient {
  vglClient(baseUrl: string, token?: string): object;
  register(api: object, email: string, username: string, password: string): Promise<Answer<unknown>>;
  login(api: object, identifier: string, password: string): Promise<Answer<{ token: string }>>;
  gamesOfTheNineties(api: object, platform: string): Promise<Answer<{ slug: string }[]>>;
  rateGame(api: object, username: string, slug: string, rating: number, review: string): Promise<Answer<{ _id: string; rating: number | null }>>;
  like(api: object, entityId: string): Promise<Answer<{ isLiked: boolean; likes: number }>>;
}

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([url, item]) => Object.entries(item).map(([method, op]) => ({ url, method, op })));

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1 with a bearer scheme and lists only /api operations', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes).toMatchObject({ bearerAuth: { type: 'http', scheme: 'bearer' } });
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
    expect(Object.keys(doc.paths)).not.toContain('/api/openapi.json');
    expect(operations(doc).length).toBeGreaterThan(80);
  });

  it('gives every operation a unique operationId, a summary, a tag, its security and its error answers', () => {
    const ids = new Set<string>();
    for (const { url, method, op } of operations(doc)) {
      const where = `${method.toUpperCase()} ${url}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(op.operationId!), `${where}: duplicate operationId ${op.operationId}`).toBe(false);
      ids.add(op.operationId!);
      expect(op.summary, where).toBeTruthy();
      expect(op.tags?.length, where).toBe(1);
      expect(op.security, where).toBeDefined();
      expect(Object.keys(op.responses), where).toContain('500');
      const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
      expect(success.length, `${where} documents no success answer`).toBeGreaterThan(0);
      if (url.includes('{')) expect(Object.keys(op.responses), where).toContain('404');
      if ((op.security ?? []).some((s) => Object.keys(s as object).length > 0)) expect(Object.keys(op.responses), where).toContain('403');
    }
  });

  it('documents request bodies, query parameters and X-Total-Count', () => {
    const byId = new Map(operations(doc).map((o) => [o.op.operationId, o.op]));
    const register = byId.get('register');
    expect(register?.requestBody).toBeDefined();
    const games = operations(doc).find((o) => o.url === '/api/igdb/games' && o.method === 'get')!.op;
    expect(games.parameters?.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'page', 'platform', 'genre', 'theme', 'releaseDate', 'sort']),
    );
    expect(games.responses['200']?.headers).toHaveProperty('X-Total-Count');
    const bodies = operations(doc).filter((o) => o.method === 'post' || o.method === 'put');
    expect(bodies.filter((o) => o.op.requestBody).length).toBeGreaterThan(bodies.length * 0.8);
  });

  it("passes Redocly's recommended rules with no error", async () => {
    const dir = fs.mkdtempSync(path.join(repoRoot, '.vgl-test-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      fs.writeFileSync(file, JSON.stringify(doc));
      const result = await run(path.join(repoRoot, 'node_modules/.bin/redocly'), ['lint', file, '--config', path.join(repoRoot, 'redocly.yaml'), '--format=json'], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 64 * 1024 * 1024,
      }).catch((err: { stdout?: string; code?: number }) => ({ stdout: err.stdout ?? '', code: err.code }));
      const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string; severity: string; location: { pointer: string }[] }[] };
      const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
      expect(errors).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.each(dbKinds)('a client generated from the document, on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [{ name: 'Super Mario World', slug: 'super-mario-world', year: 1990, platforms: ['snes'], rating: 90 }]);
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    dir = fs.mkdtempSync(path.join(repoRoot, '.vgl-test-client-'));
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    fs.writeFileSync(path.join(dir, 'vgl-api.d.ts'), astToString(await openapiTS(doc)));
    fs.copyFileSync(path.join(repoRoot, 'examples/api-client/client.ts'), path.join(dir, 'client.ts'));
  }, 60_000);
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('compiles in strict mode', () => {
    const program = ts.createProgram([path.join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      skipLibCheck: true,
      types: [],
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  }, 60_000);

  it('registers, logs in, queries games, saves a library entry and likes a review', async () => {
    const client = (await import(path.join(dir, 'client.ts'))) as ExampleClient;
    const visitor = client.vglClient(baseUrl);

    const registered = await client.register(visitor, 'dana@example.com', 'dana', 'Secret123');
    expect(registered.response.status).toBe(201);
    await t.db.kysely.updateTable('users').set({ state: 'active' }).where('username', '=', 'dana').execute();
    const { data: session } = await client.login(visitor, 'dana', 'Secret123');
    expect(session?.token).toBeTruthy();

    const games = await client.gamesOfTheNineties(visitor, 'snes');
    expect(games.response.status).toBe(200);
    expect(games.data?.map((g) => g.slug)).toEqual(['super-mario-world']);
    expect(games.response.headers.get('x-total-count')).toBe('1');

    const dana = client.vglClient(baseUrl, session!.token);
    const saved = await client.rateGame(dana, 'dana', 'super-mario-world', 9, 'The cape feather!');
    expect(saved.response.status).toBe(201);
    expect(saved.data?.rating).toBe(9);

    await createUser(t.db.kysely, { username: 'eve' });
    const eve = client.vglClient(baseUrl, await loginToken(t.app, 'eve'));
    const liked = await client.like(eve, saved.data!._id);
    expect(liked.data).toEqual({ isLiked: true, likes: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/dana/reviews/super-mario-world', headers: bearer(session!.token) })).json().likes).toBe(1);
  }, 60_000);
});
