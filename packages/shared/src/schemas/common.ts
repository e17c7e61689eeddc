import { z } from 'zod';

/**
 * Building blocks for route schemas: path parameters, ids and the standard
 * small answers. Ids are PostgreSQL `integer`s, so anything above 2³¹−1 is
 * refused here as bad input instead of reaching the database.
 */
export const DB_INT_MAX = 2_147_483_647;

/**
 * The schemas the OpenAPI document names as components (Game, Review, …).
 * A registry of our own rather than zod's global one, so loading the package
 * twice (tests, dev reloads) never clashes on an id.
 */
export const apiSchemas = z.registry<{ id: string; description?: string }>();

type Meta = (typeof apiSchemas)['_map'] extends WeakMap<object, infer M> ? M : never;
/**
 * `.describe()` and `.meta()` keep descriptions, examples and `x-` marks in
 * zod's global registry: lookups in ours fall back to it, so the document
 * generated from ours still carries them.
 */
class WithGlobalMetadata extends WeakMap<z.core.$ZodType, Meta> {
  override get(schema: z.core.$ZodType): Meta | undefined {
    return super.get(schema) ?? (z.globalRegistry.get(schema) as Meta | undefined);
  }
  override has(schema: z.core.$ZodType): boolean {
    return super.has(schema) || z.globalRegistry.has(schema);
  }
}
apiSchemas._map = new WithGlobalMetadata();

/** Names a response schema in the OpenAPI document's components. */
export function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  const meta = z.globalRegistry.get(schema);
  apiSchemas.add(schema, { ...meta, id, ...(description ? { description } : {}) });
  return schema;
}

/** A numeric id in a path, query or body ("The comment id must be a number"). */
export const idOf = (what: string) => {
  const message = `The ${what} id must be a number from 1 to ${DB_INT_MAX}`;
  return z.coerce.number({ error: message }).int(message).min(1, message).max(DB_INT_MAX, message);
};

/** Usernames and slugs in paths: bounded so a long path never reaches a query. */
export const usernameParamSchema = z.object({ username: z.string().min(1).max(40).describe('A member’s username (any case)') });
export const slugParamSchema = z.object({ slug: z.string().min(1).max(200).describe('A URL slug, e.g. "super-mario-world"') });
export const userSlugParamSchema = usernameParamSchema.extend(slugParamSchema.shape);
export const idParamSchema = (what: string) => z.object({ id: idOf(what) });

/** `{ message }`: a call that did something and has nothing else to say. */
export const messageSchema = named('Message', z.object({ message: z.string() }));

/** The member as lists and cards show them. */
export const userRefSchema = named(
  'UserRef',
  z.object({ username: z.string(), avatar: z.string().nullable().describe('Path of the picture, or null for the default') }),
);

/** 204 answers: no body (send `null`). */
export const noContentSchema = z.null().describe('Done; no content');
