import { ApiRequestError } from '../../lib/api';

export const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;
