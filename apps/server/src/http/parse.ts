import { firstFieldErrors } from '@vgl/shared/schemas';
import type { z } from 'zod';
import { badRequest } from './errors.js';

/**
 * Parses a query string or body with a shared schema. Done in the handler
 * (not as a route schema) so a 400 names the bad field with the schema's own
 * message, the same one the web form shows.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const errors = firstFieldErrors(result.error);
    throw badRequest(Object.values(errors)[0] ?? 'The request is not valid.', errors);
  }
  return result.data;
}
