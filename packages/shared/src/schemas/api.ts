import { z } from 'zod';
import type { ApiError } from '../api-types.js';

export const apiErrorSchema: z.ZodType<ApiError> = z.object({
  error: z.string(),
  message: z.string(),
  statusCode: z.number().int(),
  errors: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
