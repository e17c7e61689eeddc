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
    uptimeSeconds: z.number().int().describe('Seconds since the server process started'),
  }),
);
export type Health = z.infer<typeof healthSchema>;
