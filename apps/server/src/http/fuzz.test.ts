import fc from 'fast-check';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { DEMO_STEAM_PROFILES, startFakeSteam, type FakeSteam } from '../test/fake-steam.js';
import { seedGames } from '../test/catalog.js';
import { dbKinds } from '../test/databases.js';
import { bearer, createUser, loginToken } from '../test/users.js';
import { seedSelections } from '../modules/catalog/catalog.selections.js';
import { usernameKey, type UserRow } from '../modules/users/users.repo.js';

/**
 * Property-based fuzzing of every operation of the OpenAPI document (which is
 * generated from the zod route schemas, so it is the route list): for each,
 * requests that look valid (drawn from the operation's own JSON Schemas, with
 * ids, usernames and slugs that exist) and hostile ones (NUL, huge ids, wrong
 * types, lone surrogates, deep JSON, bad encodings…), each sent without a
 * token, as a member and as an admin. No answer may be a 5xx (the test app
 * also turns an undocumented status into a 500), and every 4xx is JSON of the
 * standard error shape. Bounded: FUZZ_RUNS runs per operation (default 50);
 * FUZZ_SEED replays a failure (the seed is printed with it).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
/** FUZZ_VERBOSE=1 prints the statuses each operation answered (what the runs reached). */
const VERBOSE = Boolean(process.env.FUZZ_VERBOSE);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() ^ (Math.random() * 0x7fffffff);

// ─── The OpenAPI document ────────────────────────────────────────────────────

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface Op {
  method: HTTPMethods;
  path: string;
  operation: Operation;
}

// ─── JSON Schema → fast-check ────────────────────────────────────────────────

/** Realistic values for a field or parameter by its name (an existing username, a seeded slug…), or undefined. */
type KnownValues = (name: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;

interface SchemaArbitraryOptions {
  /** Resolves a `$ref` ("#/components/schemas/X"). */
  resolve?: (ref: string) => JsonSchema;
  known?: KnownValues;
}

const clampLength = (n: number) => Math.min(n, 40);

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 20_000;
  const short = Math.max(min, clampLength(max));
  const texts: fc.Arbitrary<string>[] = [
    fc.string({ minLength: min, maxLength: short }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: short }),
    fc.string({ unit: 'binary', minLength: min, maxLength: short }),
  ];
  // The longest value the schema allows.
  if (max <= 20_000) texts.push(fc.constant('é'.repeat(max)));
  const free = fc.oneof(...texts);
  if (!schema.pattern) return free;
  let matching: fc.Arbitrary<string>;
  try {
    matching = fc.stringMatching(new RegExp(schema.pattern), { maxLength: max });
    fc.sample(matching, 1);
  } catch {
    // fast-check cannot generate every regex (lookaheads): then text that may or may not match.
    return free;
  }
  return fc.oneof({ weight: 4, arbitrary: matching.filter((s) => s.length >= min) }, { weight: 1, arbitrary: free });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : -(2 ** 31));
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : 2 ** 31 - 1);
  const ints = fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return integer ? ints : fc.oneof(ints, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
}

/**
 * An arbitrary for the values a JSON Schema describes, for the subset zod's
 * JSON Schema output uses: object (properties, required), array (items,
 * min/maxItems), string (min/maxLength, pattern, enum, const), integer and
 * number (minimum, maximum, exclusiveMinimum), boolean, null, anyOf/oneOf and
 * `$ref`. `known` supplies realistic values for named fields; they are drawn
 * four times in five, the schema's own values the rest of the time.
 */
function arbitraryFromJsonSchema(schema: JsonSchema, options: SchemaArbitraryOptions = {}, name?: string): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    if (!options.resolve) throw new Error(`arbitraryFromJsonSchema: no resolver for ${schema.$ref}`);
    return arbitraryFromJsonSchema(options.resolve(schema.$ref), options, name);
  }
  const generic = fromSchemaItself(schema, options, name);
  const known = name === undefined ? undefined : options.known?.(name, schema);
  return known ? fc.oneof({ weight: 4, arbitrary: known }, { weight: 1, arbitrary: generic }) : generic;
}

function fromSchemaItself(schema: JsonSchema, options: SchemaArbitraryOptions, name: string | undefined): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => arbitraryFromJsonSchema(s, options, name)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => fromSchemaItself({ ...schema, type }, options, name)));
  switch (types[0]) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, arbitraryFromJsonSchema(s, options, key)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    case 'array': {
      const item = schema.items ? arbitraryFromJsonSchema(schema.items, options) : fc.jsonValue({ maxDepth: 1 });
      return fc.array(item, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) });
    }
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ─── Hostile inputs ──────────────────────────────────────────────────────────

const nestedArrays = (depth: number): unknown => {
  let value: unknown = [];
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};
const nestedObjects = (depth: number): unknown => {
  let value: unknown = {};
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
};

/** Values put in place of one field, parameter or path segment. */
const HOSTILE_VALUES: unknown[] = [
  '\u0000',
  'a\u0000b',
  '',
  ' ',
  '\uD800',
  'x\uDFFFy',
  '\u202Egnp.exe',
  '\u200B\u200D\uFEFF',
  '🎮👾🕹️‍🔥',
  'Z̸̢̛͚̗̓a̷̡͕̅l̶̰̈́g̵̣̈o̶͓͐',
  'مرحبا بالعالم',
  '../../../etc/passwd',
  '..',
  '%00',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  'NaN',
  'Infinity',
  '-1',
  '0',
  '2147483648',
  '9007199254740993',
  '1e308',
  '0x1F',
  ' 12 ',
  '12abc',
  'c2147483648',
  'c-1',
  'x'.repeat(100_000),
  2 ** 31,
  2 ** 31 - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  -1,
  0,
  0.5,
  1e308,
  -1e308,
  5e-324,
  true,
  false,
  null,
  [],
  {},
  [null],
  [1, 'a', null],
  ['\u0000'],
  { a: 1 },
  { $gt: '' },
  Array.from({ length: 1000 }, (_, i) => i),
  nestedArrays(1000),
  nestedObjects(1000),
];

/** Path segments inserted as they are (already "encoded"). */
const HOSTILE_SEGMENTS = [
  '%00',
  'a%00b',
  '..',
  '%2e%2e',
  '.',
  'a%2Fb',
  '%2F',
  '%',
  '%zz',
  '%ED%A0%80',
  '%FF%FE',
  '%C0%AE%C0%AE',
  '%E2%80%AE',
  '%F0%9F%8E%AE',
  '2147483648',
  '9007199254740993',
  '-1',
  '0',
  '1e308',
  'NaN',
  '1.5',
  '0x10',
  '%20',
  'x'.repeat(5_000),
  '%25',
  'a;b',
  'a,b',
];

const deepJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Whole request bodies, sent as application/json. */
const HOSTILE_BODIES: (string | Buffer)[] = [
  '',
  ' ',
  'null',
  'true',
  '0',
  '-1',
  '1e308',
  '"text"',
  '[]',
  '[{}]',
  '[[[]]]',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'NaN',
  '{"a":NaN}',
  '\u0000',
  '{"a":"\u0000"}',
  '\uFEFF{}',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  Buffer.from([0xff, 0xfe, 0xfd, 0x00]),
  Buffer.from('{"a":"\xed\xa0\x80"}', 'latin1'),
  deepJson(100_000),
  '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000),
  JSON.stringify({ a: 'x'.repeat(1_100_000) }),
];

/** Content types and encodings a JSON body may be sent with. */
const HOSTILE_CONTENT_TYPES: Record<string, string>[] = [
  { 'content-type': 'text/plain' },
  { 'content-type': 'application/x-www-form-urlencoded' },
  { 'content-type': 'multipart/form-data; boundary=----fuzz' },
  { 'content-type': 'application/xml' },
  { 'content-type': 'application/json; charset=utf-16' },
  { 'content-type': 'application/json', 'content-encoding': 'gzip' },
  { 'content-type': 'application/json', 'content-encoding': 'deflate' },
  { 'content-type': 'application/json', 'content-encoding': 'br' },
  { 'content-type': 'application/json', 'content-encoding': 'compress' },
  { 'content-type': '' },
];

/** Authorization headers sent in place of no token. */
const HOSTILE_AUTHORIZATIONS = [
  'Bearer',
  'Bearer ',
  'Bearer x',
  `Bearer ${'a'.repeat(8_000)}`,
  'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwidmVyIjowLCJyb2xlIjoiYWRtaW4ifQ.',
  'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyMTQ3NDgzNjQ4IiwidmVyIjowfQ.c2ln',
  `Bearer vgl_pat_${'x'.repeat(40)}`,
  'Bearer vgl_pat_',
  'Basic YWRtaW46YWRtaW4=',
  'bearer  two  tokens',
];

const MULTIPART_BOUNDARY = '----vglfuzz';
const multipart = (field: string, filename: string, type: string, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`),
  ]);
/** A 1×1 PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const MULTIPART_BODIES: Buffer[] = [
  multipart('avatar', 'a.png', 'image/png', TINY_PNG),
  multipart('avatar', 'a.png', 'image/png', Buffer.from('not an image')),
  multipart('avatar', '../../a.png', 'image/png', TINY_PNG.subarray(0, 20)),
  multipart('other', 'a.png', 'image/png', TINY_PNG),
  Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="avatar"\r\n\r\n`),
  Buffer.from('garbage'),
];

// ─── Requests ────────────────────────────────────────────────────────────────

interface FuzzRequest {
  method: HTTPMethods;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Sent instead of no token (the anonymous actor). */
  anonymousAuthorization?: string;
  /** What makes it hostile ("valid" otherwise). */
  note: string;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
/** Percent-encodes UTF-8 bytes (lone surrogates become U+FFFD, as a browser would send them). */
function encode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
const asText = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));

const short = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);
function describeRequest(req: FuzzRequest): string {
  const body = req.payload === undefined ? '' : ` body=${JSON.stringify(short(Buffer.isBuffer(req.payload) ? `<${req.payload.length} bytes>` : req.payload))}`;
  const headers = Object.keys(req.headers).length ? ` headers=${JSON.stringify(req.headers)}` : '';
  const auth = req.anonymousAuthorization ? ` anonymous authorization=${JSON.stringify(short(req.anonymousAuthorization, 60))}` : '';
  return `${req.method} ${short(req.url)}${body}${headers}${auth} [${req.note}]`;
}

interface Parts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

function buildRequest(op: Op, parts: Parts, note: string, rawSegments: Record<string, string> = {}, extraQuery = ''): FuzzRequest {
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => rawSegments[name] ?? encode(asText(parts.path[name])));
  const query = Object.entries(parts.query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encode(key)}=${encode(asText(value))}`);
  if (extraQuery) query.push(extraQuery);
  const hasBody = op.operation.requestBody?.content['application/json'] !== undefined;
  const req: FuzzRequest = { method: op.method, url: query.length ? `${url}?${query.join('&')}` : url, headers: {}, note };
  if (hasBody && parts.body !== undefined) {
    req.payload = JSON.stringify(parts.body);
    req.headers['content-type'] = 'application/json';
  }
  return Object.assign(req, { [fc.toStringMethod]: () => describeRequest(req) });
}

/** A copy of an object body with one key set (also "__proto__", as its own property). */
function withField(body: unknown, key: string, value: unknown): unknown {
  const copy: Record<string, unknown> = typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...(body as object) } : {};
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

function hostileArbitrary(op: Op, valid: fc.Arbitrary<Parts>): fc.Arbitrary<FuzzRequest> {
  const pathNames = (op.operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
  const queryNames = (op.operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const bodySchema = op.operation.requestBody?.content['application/json']?.schema;
  const bodyFields = Object.keys(bodySchema?.properties ?? {});
  const value = fc.constantFrom(...HOSTILE_VALUES);
  const mutations: fc.Arbitrary<(parts: Parts) => FuzzRequest>[] = [];

  if (pathNames.length) {
    mutations.push(
      fc.tuple(fc.constantFrom(...pathNames), fc.constantFrom(...HOSTILE_SEGMENTS)).map(
        ([name, segment]) =>
          (parts) =>
            buildRequest(op, parts, `path ${name} = ${short(segment, 40)}`, { [name]: segment }),
      ),
      fc.tuple(fc.constantFrom(...pathNames), value).map(([name, v]) => (parts) => buildRequest(op, { ...parts, path: { ...parts.path, [name]: v } }, `path ${name} = ${short(asText(v), 40)}`)),
    );
  }
  const queryTargets = [...queryNames, 'x', 'limit', 'page'];
  mutations.push(
    fc.tuple(fc.constantFrom(...queryTargets), value).map(([name, v]) => (parts) => buildRequest(op, { ...parts, query: { ...parts.query, [name]: v } }, `query ${name} = ${short(asText(v), 40)}`)),
    fc.tuple(fc.constantFrom(...queryTargets), fc.constantFrom('a=1&a=2', '[]=1', '[a]=1', '=', '', '=%00', '=%zz', '=%ED%A0%80', `=${'9'.repeat(400)}`)).map(
      ([name, tail]) =>
        (parts) => {
          const { [name]: _dropped, ...rest } = parts.query;
          const raw = tail.startsWith('a=') ? `${encode(name)}=1&${encode(name)}=2` : `${encode(name)}${tail}`;
          return buildRequest(op, { ...parts, query: rest }, `raw query ${raw.slice(0, 40)}`, {}, raw);
        },
    ),
  );
  if (bodySchema) {
    const fields = fc.constantFrom(...bodyFields, '__proto__', 'constructor', 'x', '');
    mutations.push(
      fc.tuple(fields, value).map(([field, v]) => (parts) => buildRequest(op, { ...parts, body: withField(parts.body, field, v) }, `body ${field} = ${short(asText(v), 40)}`)),
      fc.tuple(fields, value).map(([field, v]) => (parts) => buildRequest(op, { ...parts, body: [withField(parts.body, field, v)] }, 'an array instead of the body object')),
      fc.tuple(fc.constantFrom(...HOSTILE_CONTENT_TYPES)).map(([headers]) => (parts) => {
        const req = buildRequest(op, parts, `headers ${JSON.stringify(headers)}`);
        req.headers = { ...req.headers, ...headers };
        if (req.payload === undefined) req.payload = '{}';
        return req;
      }),
    );
  }
  // Whole bodies, also where the operation takes none (a GET or DELETE with a body).
  mutations.push(
    fc.constantFrom(...HOSTILE_BODIES).map((payload) => (parts) => {
      const req = buildRequest(op, parts, `body ${short(Buffer.isBuffer(payload) ? `<${payload.length} bytes>` : JSON.stringify(payload), 40)}`);
      req.payload = payload;
      req.headers['content-type'] = 'application/json';
      return req;
    }),
    fc.tuple(fc.constantFrom(...MULTIPART_BODIES), fc.constantFrom(`boundary=${MULTIPART_BOUNDARY}`, 'boundary=other', '', `boundary="${MULTIPART_BOUNDARY}"; charset=x`)).map(
      ([payload, boundary]) =>
        (parts) => {
          const req = buildRequest(op, parts, `multipart body of ${payload.length} bytes, ${boundary || 'no boundary'}`);
          req.payload = payload;
          req.headers['content-type'] = `multipart/form-data${boundary ? `; ${boundary}` : ''}`;
          return req;
        },
    ),
    fc.constantFrom<[HTTPMethods | undefined, (url: string) => string]>(
      ['HEAD', (url) => url],
      ['OPTIONS', (url) => url],
      [undefined, (url) => url.replace(/(\?|$)/, '/$1')],
      [undefined, (url) => url.replace('/api/', '/api//')],
      [undefined, (url) => url.replace(/(\?|$)/, '/..$1')],
      [undefined, (url) => `${url}${url.includes('?') ? '&' : '?'}&&=&%26=%3D#frag`],
    ).map(([method, change]) => (parts) => {
      const req = buildRequest(op, parts, '');
      req.url = change(req.url);
      req.method = method ?? req.method;
      req.note = `${req.method} ${short(req.url, 60)}`;
      return req;
    }),
    fc.constantFrom(...HOSTILE_AUTHORIZATIONS).map((authorization) => (parts) => {
      const req = buildRequest(op, parts, `authorization ${short(authorization, 40)}`);
      req.anonymousAuthorization = authorization;
      return req;
    }),
  );
  return fc.tuple(valid, fc.oneof(...mutations)).map(([parts, mutate]) => mutate(parts));
}

function requestArbitrary(op: Op, options: SchemaArbitraryOptions): fc.Arbitrary<FuzzRequest> {
  const params = op.operation.parameters ?? [];
  const record = (where: 'path' | 'query') => {
    const own = params.filter((p) => p.in === where);
    const model = Object.fromEntries(own.map((p) => [p.name, arbitraryFromJsonSchema(p.schema, options, p.name)]));
    const requiredKeys = where === 'path' ? own.map((p) => p.name) : own.filter((p) => p.required).map((p) => p.name);
    return fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
  };
  const bodySchema = op.operation.requestBody?.content['application/json']?.schema;
  const valid: fc.Arbitrary<Parts> = fc.record({
    path: record('path'),
    query: record('query'),
    body: bodySchema ? arbitraryFromJsonSchema(bodySchema, options) : fc.constant(undefined),
  });
  return fc.oneof(
    valid.map((parts) => buildRequest(op, parts, 'valid')),
    hostileArbitrary(op, valid),
  );
}

// ─── The world the requests land in ──────────────────────────────────────────

const GAMES = [
  { name: 'Celeste', slug: 'celeste', releaseDate: '2018-01-25', platforms: ['win', 'switch'], genres: ['platform'], themes: ['action'], popularity: 90, rating: 91 },
  { name: 'Hades', slug: 'hades', year: 2020, platforms: ['win'], genres: ['role-playing-rpg'], themes: ['fantasy'], popularity: 95 },
  { name: 'Tetris', slug: 'tetris', year: 1984, platforms: ['gb', 'nes'], genres: ['puzzle'], popularity: 80, rating: 85 },
  { name: 'Super Mario World', slug: 'super-mario-world', releaseDate: '1990-11-21', platforms: ['snes'], genres: ['platform'], popularity: 99 },
  { name: 'Doom', slug: 'doom', year: 1993, platforms: ['dos'], genres: ['shooter'], themes: ['horror'], popularity: 70 },
  { name: 'Future Quest', slug: 'future-quest', releaseDate: '2099-06-01', platforms: ['switch'], popularity: 10 },
  // Enough 16-bit games for the seed selection "16-bit Classics".
  ...Array.from({ length: 24 }, (_, i) => ({ name: `Snes Hit ${i + 1}`, year: 1991 + (i % 5), platforms: ['snes'], popularity: 60 - i })),
];
/** The games the fixture reviews (drawn more often than the rest). */
const REVIEWED = ['celeste', 'tetris', 'doom'];

/** Stands for the username of whoever sends the request (the member's for no token), so writes reach their own data. */
const SELF = '~self~';

interface Pools {
  usernames: string[];
  /** Logins that fail often must not lock out the accounts the test acts with. */
  victimIdentifiers: string[];
  userIds: number[];
  games: string[];
  platforms: string[];
  genres: string[];
  themes: string[];
  selections: string[];
  reviews: number[];
  /** The featured reviews, in order. */
  featured: number[];
  comments: number[];
  diary: number[];
  notifications: number[];
  accessTokens: number[];
  activities: number[];
  words: string[];
  tokens: string[];
}

const SMALL_IDS = [1, 2, 3, 4, 5];
const pick = <T>(values: T[], fallback: T[]) => fc.constantFrom(...(values.length ? values : fallback));

function knownValues(op: Op, pools: Pools): KnownValues {
  const slugPool = op.path.includes('/platforms/')
    ? pools.platforms
    : op.path.includes('/genres/')
      ? pools.genres
      : op.path.includes('/themes/')
        ? pools.themes
        : op.path.includes('/selections/')
          ? pools.selections
          : pools.games;
  const idPool = op.path.startsWith('/api/comments/') || op.path.startsWith('/api/admin/comments/')
    ? pools.comments
    : op.path.includes('/diary/')
      ? pools.diary
      : op.path.startsWith('/api/profile/tokens/')
        ? pools.accessTokens
        : op.path.startsWith('/api/admin/users/')
          ? pools.userIds
          : SMALL_IDS;
  const date = fc.constantFrom('2024-05-01', '2020-02-29', '1999-12-31', '2024-02-30', '0000-00-00', '9999-99-99', '2100-01-01');
  const csvCell = fc.oneof(
    fc.constantFrom(...pools.games, ...GAMES.map((g) => g.name), 'Unknown Game', '=HYPERLINK("x")', '"quoted, cell"', 'line\nbreak', ''),
    fc.string({ maxLength: 20 }),
  );
  const quoted = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
  // Small files in the three formats the import reads (VGL's own, HowLongToBeat, Grouvee), with odd cells.
  const csv = fc.oneof(
    fc.array(fc.tuple(fc.constantFrom('library', 'diary', 'other'), csvCell, csvCell, fc.constantFrom('Playing', 'Completed', '2', '9', ''), fc.constantFrom('4.5', '10', '-1', 'x', ''), date), { maxLength: 6 }).map(
      (rows) => ['record_type,game_slug,title,status,rating_stars,played_on', ...rows.map((r) => r.map(quoted).join(','))].join('\n'),
    ),
    fc.array(fc.tuple(csvCell, fc.constantFrom('PC', 'Switch', ''), fc.constantFrom('1', '0', 'X', ''), fc.constantFrom('1', '', '--'), fc.constantFrom('85', '', '101', 'x')), { maxLength: 6 }).map((rows) =>
      ['Title,Platform,Playing,Completed,Review', ...rows.map((r) => r.map(quoted).join(','))].join('\r\n'),
    ),
    fc.array(fc.tuple(csvCell, fc.constantFrom('{"Played":{}}', '{"Wish List":{}}', '{', '')), { maxLength: 6 }).map((rows) =>
      ['id,name,shelves,rating', ...rows.map(([name, shelves], i) => `${i},${quoted(name)},${quoted(shelves)},${i % 6}`)].join('\n'),
    ),
  );
  const entityIds = fc.oneof(pick(pools.reviews.map(String), ['1']), pick(pools.comments.map((id) => `c${id}`), ['c1']), pick(pools.reviews, SMALL_IDS));
  const byName: Record<string, () => fc.Arbitrary<unknown>> = {
    username: () => (op.path.startsWith('/api/auth/') ? pick(pools.victimIdentifiers, ['nobody']) : pick(pools.usernames, ['nobody'])),
    identifier: () => pick(pools.victimIdentifiers, ['nobody']),
    email: () =>
      fc.oneof(
        pick(pools.victimIdentifiers.filter((i) => i.includes('@')), ['a@example.com']),
        fc.nat().map((n) => `fuzz${n}@example.com`),
        fc.constantFrom('zz<fuzz_victim@example.com>', 'a@b.c', 'FUZZ_VICTIM@EXAMPLE.COM'),
      ),
    password: () => fc.constantFrom('Wrong1234', 'Another9X', 'short'),
    password2: () => fc.constantFrom('Wrong1234', 'Another9X', 'different'),
    currentPassword: () => fc.constantFrom('Wrong1234', 'nope'),
    slug: () => pick(slugPool, ['nothing']),
    game: () => pick(pools.games, ['nothing']),
    games: () => fc.array(pick(pools.games, ['nothing']), { maxLength: 6 }),
    platforms: () => fc.array(pick(pools.platforms, ['win']), { maxLength: 3 }),
    platform: () => fc.constantFrom('any', ...pools.platforms),
    genre: () => fc.constantFrom('any', ...pools.genres),
    theme: () => fc.constantFrom('any', ...pools.themes),
    releaseDate: () => fc.constantFrom('any', '1990', '1990-1999', '2018', '2099'),
    q: () => fc.oneof(pick(pools.words, ['mario']), pick(pools.usernames, ['ann'])),
    id: () => pick(idPool, SMALL_IDS),
    entryId: () => pick(pools.reviews, SMALL_IDS),
    entryIds: () =>
      fc.oneof(fc.shuffledSubarray(pools.featured, { minLength: pools.featured.length, maxLength: pools.featured.length }), fc.array(pick(pools.reviews, SMALL_IDS), { maxLength: 6 })),
    entityId: () => entityIds,
    ids: () => fc.array(pick(pools.notifications, SMALL_IDS), { maxLength: 6 }),
    before: () => pick(pools.activities, SMALL_IDS),
    playedOn: () => date,
    startedOn: () => fc.oneof(date, fc.constant('')),
    finishedOn: () => fc.oneof(date, fc.constant('')),
    status: () => (op.path.endsWith('/library') ? fc.constantFrom('any', '1', '2', '3', '4', 'playing', 'completed', 'backlog') : fc.integer({ min: 1, max: 4 })),
    sort: () => fc.constantFrom('updated', 'added', 'rating', 'name', 'release', 'popularity', 'hours', 'any'),
    csv: () => csv,
    token: () => fc.constantFrom('0123456789abcdef', 'x'.repeat(64)),
    authToken: () => pick(pools.tokens, ['x'.repeat(20)]),
  };
  return (name) => byName[name]?.();
}

// ─── The test ────────────────────────────────────────────────────────────────

interface Actor {
  label: string;
  user?: UserRow;
  token?: string;
}

function checkAnswer(res: LightMyRequestResponse, errors: Map<string, string>, method: HTTPMethods): string | null {
  const type = String(res.headers['content-type'] ?? '');
  if (method === 'HEAD') return res.statusCode >= 500 ? `${res.statusCode} to HEAD` : null;
  if (res.statusCode >= 500) {
    let detail: string;
    try {
      const body = res.json<{ requestId?: string; message?: string }>();
      detail = (body.requestId && errors.get(body.requestId)) || body.message || '';
    } catch {
      detail = short(res.body, 200);
    }
    return `${res.statusCode}: ${detail}`;
  }
  if (res.statusCode >= 400) {
    if (!type.startsWith('application/json')) return `${res.statusCode} with content-type ${type || 'none'}: ${short(res.body, 200)}`;
    let body: { error?: unknown; message?: unknown; statusCode?: unknown };
    try {
      body = res.json();
    } catch {
      return `${res.statusCode} with a body that is not JSON: ${short(res.body, 200)}`;
    }
    if (typeof body.error !== 'string' || typeof body.message !== 'string' || body.statusCode !== res.statusCode) {
      return `${res.statusCode} without the standard error shape: ${short(res.body, 200)}`;
    }
    return null;
  }
  if (type.startsWith('application/json') && res.body !== '') {
    try {
      JSON.parse(res.body);
    } catch {
      return `${res.statusCode} with a body that is not JSON: ${short(res.body, 200)}`;
    }
  }
  return null;
}

describe.each(dbKinds)('fuzzing every API operation on %s', (kind) => {
  let t: TestApp;
  let doc: Document;
  let ops: Op[];
  /** Each 5xx's logged error, by request id. */
  const errors = new Map<string, string>();
  let member: Actor;
  let staff: Actor;
  let writer: Actor;
  let fixtureUsers: UserRow[];

  const send = (req: Pick<FuzzRequest, 'method' | 'url' | 'headers' | 'payload'>, token?: string) =>
    // The operations use GET, POST, PUT and DELETE; light-my-request 6.6 (pinned for Node 20) lists fewer methods than Fastify 5.
    t.app.inject({ method: req.method as 'GET' | 'POST' | 'PUT' | 'DELETE', url: req.url, headers: { ...req.headers, ...(token ? bearer(token) : {}) }, ...(req.payload !== undefined ? { payload: req.payload } : {}) });
  const call = (method: HTTPMethods, url: string, actor: Actor, body?: object) =>
    send({ method, url, headers: body ? { 'content-type': 'application/json' } : {}, payload: body ? JSON.stringify(body) : undefined }, actor.token);

  /** Puts the accounts the test acts with back as they were (a fuzzed call may rename, suspend or demote them) and renews dead tokens. */
  async function restoreActors(): Promise<void> {
    const k = t.db.kysely;
    for (const user of fixtureUsers) {
      await k
        .updateTable('users')
        .set({ username: user.username, username_key: usernameKey(user.username), email: user.email, email_key: user.email_key, role: user.role, state: 'active', suspended_reason: null, suspended_at: null, token_version: user.token_version })
        .where('id', '=', user.id)
        .execute();
    }
    for (const actor of [member, staff, writer]) {
      const res = await call('GET', '/api/profile', actor);
      if (res.statusCode !== 200) actor.token = await loginToken(t.app, actor.user!.username);
    }
  }

  /** The reviews, comments, diary entries and tokens the pools draw ids from, made again when a fuzzed call deleted them. */
  async function ensureContent(): Promise<void> {
    const k = t.db.kysely;
    const m = member.user!.username;
    const w = writer.user!.username;
    await call('PUT', `/api/users/${m}/library/celeste`, member, { status: 2, rating: 8, review: 'Climb it.', platforms: ['win'] });
    await call('PUT', `/api/users/${m}/library/tetris`, member, { status: 1, rating: 10, review: 'Blocks.' });
    await call('PUT', `/api/users/${w}/library/celeste`, writer, { status: 2, rating: 6, review: 'Hard.' });
    await call('PUT', `/api/users/${staff.user!.username}/library/doom`, staff, { status: 4, rating: 9, review: 'Rip and tear.' });
    const count = async (table: 'comments' | 'diary_entries' | 'access_tokens' | 'notifications', userId: number) =>
      Number((await k.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
    if ((await count('comments', member.user!.id)) === 0) await call('POST', `/api/users/${w}/reviews/celeste/comments`, member, { body: 'Agreed.' });
    if ((await count('comments', writer.user!.id)) === 0) await call('POST', `/api/users/${m}/reviews/celeste/comments`, writer, { body: 'Nice one.' });
    if ((await count('diary_entries', member.user!.id)) === 0) await call('POST', `/api/users/${m}/diary`, member, { game: 'celeste', playedOn: '2024-05-01', note: 'Chapter 7' });
    if ((await count('access_tokens', member.user!.id)) === 0) await call('POST', '/api/profile/tokens', member, { name: 'fuzz', scope: 'read' });
    if ((await count('notifications', member.user!.id)) === 0) {
      const review = await k.selectFrom('library_entries').select('id').where('user_id', '=', member.user!.id).where('review', 'is not', null).executeTakeFirst();
      if (review) await call('POST', '/api/like', writer, { entityId: String(review.id), liked: true });
    }
  }

  async function loadPools(): Promise<Pools> {
    const k = t.db.kysely;
    const ids = async (table: 'comments' | 'diary_entries' | 'notifications' | 'access_tokens' | 'activities') =>
      (await k.selectFrom(table).select('id').orderBy('id', 'desc').limit(20).execute()).map((r) => r.id);
    const users = await k.selectFrom('users').select(['id', 'username', 'email']).orderBy('id').limit(30).execute();
    const slugs = (rows: { slug: string }[]) => [...new Set(rows.map((r) => r.slug))].slice(0, 10);
    const platforms = slugs(await k.selectFrom('platforms').innerJoin('game_platforms', 'game_platforms.platform_id', 'platforms.id').select('platforms.slug').execute());
    const genres = slugs(await k.selectFrom('genres').innerJoin('game_genres', 'game_genres.genre_id', 'genres.id').select('genres.slug').execute());
    const themes = slugs(await k.selectFrom('themes').innerJoin('game_themes', 'game_themes.theme_id', 'themes.id').select('themes.slug').execute());
    const actorIds = new Set([member.user!.id, staff.user!.id, writer.user!.id]);
    const victims = users.filter((u) => !actorIds.has(u.id));
    return {
      usernames: [SELF, SELF, SELF, ...users.map((u) => u.username), member.user!.username.toUpperCase(), 'nobody'],
      victimIdentifiers: [...victims.map((u) => u.username), ...victims.map((u) => u.email)],
      userIds: users.map((u) => u.id),
      games: [...REVIEWED, ...REVIEWED, ...(await k.selectFrom('games').select('slug').orderBy('popularity', 'desc').limit(12).execute()).map((r) => r.slug)],
      platforms,
      genres,
      themes,
      selections: (await k.selectFrom('selections').select('slug').limit(10).execute()).map((r) => r.slug),
      reviews: (await k.selectFrom('library_entries').select('id').where('review', 'is not', null).limit(20).execute()).map((r) => r.id),
      featured: (await k.selectFrom('library_entries').select('id').where('featured_position', 'is not', null).orderBy('featured_position').execute()).map((r) => r.id),
      comments: await ids('comments'),
      diary: await ids('diary_entries'),
      notifications: await ids('notifications'),
      accessTokens: await ids('access_tokens'),
      activities: await ids('activities'),
      words: ['mario', 'celeste', 'tetr', 'super world', 'doom 1993', 'hades', 'zzzz'],
      tokens: [member.token!, staff.token!],
    };
  }

  // Steam import runs against the fake Steam Web API, so its routes are fuzzed through the real client (unset, they answer 503 by design).
  let steam: FakeSteam | undefined;
  beforeAll(async () => {
    steam = await startFakeSteam({ profiles: DEMO_STEAM_PROFILES });
    t = await createTestApp(kind, { env: { STEAM_API_KEY: steam.apiKey, STEAM_API_URL: steam.url } });
    t.app.addHook('onError', async (request, _reply, error) => {
      errors.set(String(request.id), `${error.name}: ${error.message}${error.stack ? `\n${error.stack.split('\n').slice(1, 6).join('\n')}` : ''}`);
    });
    await seedGames(t, GAMES);
    await seedSelections(t.db);
    const k = t.db.kysely;
    const admin = await createUser(k, { username: 'fuzz_admin', role: 'admin' });
    const ann = await createUser(k, { username: 'fuzz_member' });
    const wri = await createUser(k, { username: 'fuzz_writer' });
    await createUser(k, { username: 'fuzz_moderator', role: 'moderator' });
    await createUser(k, { username: 'fuzz_victim' });
    await createUser(k, { username: 'fuzz_pending', state: 'pending', activated_at: null });
    await createUser(k, { username: 'fuzz_suspended', state: 'suspended', suspended_reason: 'Spam', suspended_at: Date.now() });
    member = { label: 'a member', user: ann, token: await loginToken(t.app, ann.username) };
    staff = { label: 'an admin', user: admin, token: await loginToken(t.app, admin.username) };
    writer = { label: 'another member', user: wri, token: await loginToken(t.app, wri.username) };
    fixtureUsers = [admin, ann, wri];
    await ensureContent();
    await call('POST', `/api/users/${ann.username}/follow`, writer);
    await call('POST', `/api/users/${wri.username}/follow`, member);
    const review = await k.selectFrom('library_entries').select('id').where('user_id', '=', ann.id).where('review', 'is not', null).executeTakeFirstOrThrow();
    await call('POST', '/api/admin/featured', staff, { entryId: review.id });
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase() as HTTPMethods, path, operation })),
    );
  });
  afterAll(async () => {
    await t?.close();
    await steam?.close();
  });

  it('answers what the fuzzing once found with a 4xx every time', async () => {
    // Multipart bodies busboy cannot parse were a 500 on POST /api/profile/avatar.
    const found: Pick<FuzzRequest, 'method' | 'url' | 'headers' | 'payload'>[] = [
      { method: 'POST', url: '/api/profile/avatar', headers: { 'content-type': 'multipart/form-data' }, payload: 'garbage' },
      { method: 'POST', url: '/api/profile/avatar', headers: { 'content-type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` }, payload: MULTIPART_BODIES[4] },
      { method: 'POST', url: '/api/profile/avatar', headers: { 'content-type': 'multipart/form-data; boundary=other' }, payload: MULTIPART_BODIES[0] },
    ];
    for (const req of found) {
      const res = await send(req, member.token);
      expect(checkAnswer(res, errors, req.method), `${req.method} ${req.url} ${JSON.stringify(req.headers)}`).toBeNull();
      expect(res.statusCode).toBe(400);
    }
  });

  it(
    'answers every operation without a 5xx, with the standard error shape on every 4xx',
    async () => {
      const started = Date.now();
      const resolve = (ref: string) => {
        const schema = doc.components?.schemas?.[ref.replace('#/components/schemas/', '')];
        if (!schema) throw new Error(`unknown $ref ${ref}`);
        return schema;
      };
      const failures: string[] = [];
      let requests = 0;
      const statuses = new Map<string, Map<string, number>>();
      for (const op of ops) {
        const seen = new Map<string, number>();
        statuses.set(`${op.method} ${op.path}`, seen);
        await restoreActors();
        await ensureContent();
        const pools = await loadPools();
        const arbitrary = requestArbitrary(op, { resolve, known: knownValues(op, pools) });
        // Calls that can rename, suspend, demote or sign out the accounts the test acts with.
        const touchesAccounts = op.method !== 'GET' && /^\/api\/(auth|profile$|admin\/users)/.test(op.path);
        const property = fc.asyncProperty(arbitrary, async (req) => {
          for (const actor of [{ label: 'no token' } as Actor, member, staff]) {
            const url = req.url.replaceAll(SELF, (actor.user ?? member.user!).username);
            const headers = { ...req.headers, ...(actor.token || !req.anonymousAuthorization ? {} : { authorization: req.anonymousAuthorization }) };
            const res = await send({ ...req, url, headers }, actor.token);
            requests += 1;
            const key = `${res.statusCode}${req.note === 'valid' ? '' : '!'}`;
            seen.set(key, (seen.get(key) ?? 0) + 1);
            if (VERBOSE && req.note === 'valid' && res.statusCode === 400) seen.set(`  400 "${res.json<{ message: string }>().message}"`, 1);
            const problem = checkAnswer(res, errors, req.method);
            if (problem) throw new Error(`${describeRequest({ ...req, url })} as ${actor.label} → ${problem}`);
          }
          if (touchesAccounts) await restoreActors();
        });
        const details = await fc.check(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
        if (details.failed) {
          const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
          failures.push(`${op.method} ${op.path}, run ${details.numRuns} (FUZZ_SEED=${details.seed}, path ${details.counterexamplePath}):\n  ${cause}`);
        }
      }
      if (VERBOSE) {
        for (const [op, seen] of statuses) console.warn(`${op}: ${[...seen].sort().map(([status, n]) => `${status}×${n}`).join(' ')}`);
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.warn(`fuzz on ${kind}: ${ops.length} operations × ${RUNS} runs, ${requests} requests in ${seconds} s, ${failures.length} failing (FUZZ_SEED=${SEED})`);
      expect(failures, failures.join('\n\n')).toEqual([]);
    },
    180_000,
  );
});
