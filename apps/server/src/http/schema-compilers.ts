import { API_MESSAGES } from '@vgl/shared';
import { firstFieldErrors } from '@vgl/shared/schemas';
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { badRequest } from './errors.js';

/**
 * Route schemas are zod schemas from packages/shared; these two compilers
 * make them the one source of validation and serialisation.
 */

/**
 * Requests: a failed parse is a 400 whose `errors` hold the first message
 * of each field, in the order the schema lists its rules, so the API says
 * exactly what the form says (SPEC §8). A missing body is parsed as `{}`,
 * so an empty POST gets "Email is required" rather than "expected object".
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const nul = fieldWithNul(data);
    if (nul !== null) return { error: badRequest(NUL_MESSAGE, { [nul]: NUL_MESSAGE }) };
    const result = schema.safeParse(httpPart === 'body' && (data === undefined || data === null) ? {} : data);
    if (result.success) return { value: result.data };
    const errors = firstFieldErrors(result.error);
    return { error: badRequest(Object.values(errors)[0] ?? API_MESSAGES.badRequest, errors) };
  };

export const NUL_MESSAGE = 'Text cannot contain the NUL character (U+0000).';

/**
 * PostgreSQL text cannot hold U+0000 (SQLite can), so it is refused for every
 * field of every route here, once, before any schema or query sees it.
 * Answers the dotted path of the first field that has one ("_" for the whole input).
 */
function fieldWithNul(data: unknown): string | null {
  // Iterative: a body of deeply nested arrays must not overflow the stack.
  const stack: [unknown, string][] = [[data, '']];
  while (stack.length > 0) {
    const [value, at] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return at || '_';
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const path = at ? `${at}.${key}` : key;
        if (key.includes('\u0000')) return path;
        stack.push([child, path]);
      }
    }
  }
  return null;
}

/** The JSON Schema a zod response schema produces (what the OpenAPI document shows). */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
}

/**
 * Responses: compiled once per route and status with fast-json-stringify
 * from the schema's JSON Schema. Only the properties the schema lists are
 * written, so a row that grows a column never leaks it, and writing is
 * several times faster than JSON.stringify after a zod parse.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
  // Compiled on the route's first answer with that status, not at start-up: compiling all ~400 of them
  // was 40 % of a restart's CPU (docs/benchmarks.md, "Start-up and memory"), and many are never used
  // by a given instance (a worker, an instance without admins). Same function, same output, later.
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= fastJson(allowingExtraProperties(responseJsonSchema(schema)) as Parameters<typeof fastJson>[0]))(data);
};

/**
 * fast-json-stringify already writes only the listed properties; a closed
 * object would also make a union branch fail to match a row that carries
 * one column more, so `additionalProperties: false` is dropped for it.
 */
function allowingExtraProperties(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(allowingExtraProperties);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = allowingExtraProperties(value);
  }
  return out;
}
