/**
 * The one error type of the server. `id` is a stable machine id that clients
 * may branch on; `message` is safe to show a person.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly id: string,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new AppError(400, 'validation_failed', message, fieldErrors);
export const unauthorized = (message: string) => new AppError(401, 'unauthorized', message);
export const forbidden = (message: string) => new AppError(403, 'forbidden', message);
export const notFound = (message: string) => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const tooManyRequests = (message: string) => new AppError(429, 'rate_limited', message);
