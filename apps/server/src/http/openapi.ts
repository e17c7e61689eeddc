import fs from 'node:fs';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { TOTAL_COUNT_HEADER } from '@vgl/shared';
import type { FastifyInstance } from 'fastify';
import { apiSchemas } from '@vgl/shared/schemas';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER_SCHEME } from './route-conventions.js';

export const DOCS_PREFIX = '/api/docs';
export const OPENAPI_PATH = '/api/openapi.json';

/** Tags in the order the docs show them, with what each group is for. */
const TAGS = [
  { name: 'auth', description: 'Sign-up, activation, log-in, tokens and password resets' },
  { name: 'profile', description: 'The signed-in member: profile, picture, favourites, personal access tokens' },
  { name: 'catalog', description: 'Games, platforms, genres and themes: browse, search, trending and upcoming' },
  { name: 'home', description: 'The landing page and Explore in one call' },
  { name: 'library', description: 'Libraries, ratings, reviews and diaries of members' },
  { name: 'transfer', description: 'CSV export and import of a library' },
  { name: 'likes', description: 'Likes on reviews and comments' },
  { name: 'comments', description: 'Comments under reviews and lists' },
  { name: 'lists', description: 'Members’ lists of games' },
  { name: 'follows', description: 'Following members' },
  { name: 'people', description: 'Finding members: search, the members directory and people you may know' },
  { name: 'activity', description: 'The feed of what followed members did' },
  { name: 'notifications', description: 'Likes, comments and follows that concern you' },
  { name: 'federation', description: 'What accounts elsewhere in the fediverse did with members’ reviews, and the accounts elsewhere members follow' },
  { name: 'reports', description: 'Reporting reviews, comments, lists and members to the moderators' },
  { name: 'admin', description: 'Moderation dashboard (moderators and admins)' },
  { name: 'health', description: 'Operations' },
];

/** Marks a response schema as one page of a list whose total is in X-Total-Count. */
export function pagedList<T extends z.ZodType>(item: T, description = 'One page of the list, in order') {
  return z.array(item).meta({ description, 'x-paged': true });
}

/** A response header besides X-Total-Count, as the OpenAPI document shows it. */
export interface HeaderDoc {
  type: 'integer' | 'string';
  description: string;
}

/** Documents response headers on a success schema (e.g. X-Next-Cursor on the activity feed). */
export function withHeaders<T extends z.ZodType>(schema: T, headers: Record<string, HeaderDoc>): T {
  return schema.meta({ 'x-headers': headers }) as T;
}

const zodTransform = createJsonSchemaTransform({ skipList: [], schemaRegistry: apiSchemas });
type TransformInput = Parameters<typeof zodTransform>[0];

/**
 * The OpenAPI document is generated from the route schemas: the zod
 * transform turns them into JSON Schema, and this wrapper hides what is not
 * API (the SPA, uploads, the docs themselves) and documents X-Total-Count on
 * paged lists (and the headers `withHeaders` names).
 */
function transform(input: TransformInput) {
  const url = input.url;
  if (!url.startsWith('/api/') || url.startsWith(DOCS_PREFIX) || url === OPENAPI_PATH) return { schema: { hide: true }, url };
  const out = zodTransform(input);
  documentIdempotencyKey(input, out.schema as Record<string, unknown>);
  const responses = (out.schema as { response?: Record<string, Record<string, unknown>> }).response ?? {};
  for (const answer of Object.values(responses)) {
    if (answer['x-paged']) {
      answer.headers = { [TOTAL_COUNT_HEADER]: { type: 'integer', minimum: 0, description: 'How many items the whole list has' } };
      delete answer['x-paged'];
    }
    if (answer['x-headers']) {
      answer.headers = { ...(answer.headers as object), ...(answer['x-headers'] as object) };
      delete answer['x-headers'];
    }
  }
  return out;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const IDEMPOTENCY_KEY_DOC = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: '^[\\x21-\\x7e]+$',
  description:
    'Optional. A key of your choosing (e.g. a UUID) that makes the write safe to retry: the first request with it runs and its answer is ' +
    'kept for 24 h; a repeat of the same request gets that answer again (with `Idempotent-Replayed: true`) and writes nothing, a ' +
    'different request with the same key gets 422, and a repeat while the first still runs gets 409.',
};

/** A member's writes take an Idempotency-Key (modules/idempotency): a header parameter in the document. */
function documentIdempotencyKey(input: TransformInput, schema: Record<string, unknown>) {
  const methods = [input.route.method].flat();
  const signedIn = (schema.security as Record<string, unknown>[] | undefined)?.some((s) => Object.keys(s).length > 0);
  if (!signedIn || !methods.some((m) => WRITES.has(m))) return;
  const headers = (schema.headers ??= { type: 'object', properties: {} }) as { properties?: Record<string, unknown> };
  (headers.properties ??= {})['Idempotency-Key'] = IDEMPOTENCY_KEY_DOC;
}

/** The docs page's top bar shows VGL's logo (from the built web app, when there is one) linking home. */
function docsLogo(webRoot: string) {
  const file = path.join(webRoot, 'img', 'logo.png');
  return fs.existsSync(file) ? { type: 'image/png', content: fs.readFileSync(file), href: '/', target: '_self' as const } : undefined;
}

type TransformObject = ReturnType<typeof createJsonSchemaTransformObject>;

/**
 * Every named schema is written as an input and an output component; keep
 * the ones the document refers to (directly or through another component).
 */
function withUsedComponentsOnly(inner: TransformObject): TransformObject {
  return (input) => {
    const doc = inner(input) as { components?: { schemas?: Record<string, unknown> } };
    const schemas = doc.components?.schemas;
    if (!schemas) return doc as ReturnType<TransformObject>;
    const refsIn = (value: unknown) => [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    const used = new Set(refsIn({ ...doc, components: { ...doc.components, schemas: {} } }));
    for (const queue = [...used]; queue.length > 0; ) {
      for (const id of refsIn(schemas[queue.pop()!])) {
        if (used.has(id)) continue;
        used.add(id);
        queue.push(id);
      }
    }
    doc.components!.schemas = Object.fromEntries(Object.entries(schemas).filter(([id]) => used.has(id)));
    return doc as ReturnType<TransformObject>;
  };
}

export async function registerOpenApi(app: FastifyInstance, version: string, webRoot: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'VGL API',
        version,
        summary: 'Track Your Gaming Journey',
        description: [
          'The API the VGL web app itself uses. JSON in and out; lists that page keep the body an array and put the',
          'total in `X-Total-Count`. Every error has the shape `{ error, message, statusCode, errors?, requestId? }`.',
          '',
          'Sign in with `POST /api/auth/login` for a session token, or make a **personal access token** in',
          'Settings → API, and send either as `Authorization: Bearer <token>`.',
        ].join('\n'),
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: '/', description: 'This VGL server' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'A session token from `POST /api/auth/login`, or a personal access token (`vgl_pat_…`) made in Settings',
          },
        },
      },
    },
    transform,
    transformObject: withUsedComponentsOnly(createJsonSchemaTransformObject({ schemaRegistry: apiSchemas })),
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());

  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The bundled assets come from the package: nothing is fetched from elsewhere.
    // Tag sections start closed: listing every operation at once ('list'), Swagger UI drew nothing once the API passed ~135 operations.
    uiConfig: { deepLinking: true, docExpansion: 'none', defaultModelsExpandDepth: 0, tryItOutEnabled: false, validatorUrl: null },
    staticCSP: false,
    logo: docsLogo(webRoot),
    theme: { title: 'VGL API docs' },
  });
}
