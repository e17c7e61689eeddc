import { z } from 'zod';
import type { ApiError } from '../api-types.js';
import { named } from './common.js';

export const apiErrorSchema: z.ZodType<ApiError> = z.object({
  error: z.string(),
  message: z.string(),
  statusCode: z.number().int(),
  errors: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});

/** GET /api/health when the database answers (a 503 error answer when it does not). */
export const healthSchema = named(
  'Health',
  z.object({
    status: z.literal('ok'),
    database: z.enum(['sqlite', 'postgres']).describe('The database this instance runs on'),
    version: z.string().describe('The server’s version'),
    commit: z.string().nullable().describe('The git commit it was built from (12 hex digits; VGL_COMMIT, or the checkout’s); null when unknown'),
    uptimeSeconds: z.number().int().describe('Seconds since the server process started'),
  }),
);
export type Health = z.infer<typeof healthSchema>;

/** GET /api/health/live: the process runs (the database is not asked). */
export const livenessSchema = named(
  'Liveness',
  z.object({
    status: z.literal('ok'),
    uptimeSeconds: z.number().int().describe('Seconds since the server process started'),
  }),
);

/** GET /api/health/ready: this instance can serve (a 503 error answer, with the reason, when it cannot). */
export const readinessSchema = named(
  'Readiness',
  z.object({
    status: z.literal('ready'),
    database: z.enum(['sqlite', 'postgres']).describe('The database this instance runs on'),
    schema: z.string().describe('The latest database migration, applied'),
  }),
);
