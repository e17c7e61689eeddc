/** The body of every error answer of the API (DESIGN.md "API conventions"). */
export interface ApiError {
  /** Stable machine id, e.g. "not_found", "validation_failed". */
  error: string;
  message: string;
  statusCode: number;
  /** Field → message, for 400 answers about a form. */
  errors?: Record<string, string>;
  /** Correlates a 5xx with the server log line. */
  requestId?: string;
}

export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.error === 'string' && typeof v.message === 'string' && typeof v.statusCode === 'number';
}

/** Header that carries the total of a paged list (the body stays an array). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
