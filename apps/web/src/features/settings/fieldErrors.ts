import { ApiRequestError } from '../../lib/api';

/** The field messages of a 400 answer ({ errors: { field: message } }), or none. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiRequestError && error.body?.errors ? error.body.errors : {};
}
