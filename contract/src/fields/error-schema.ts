import { z } from 'zod/mini';
import type { ApiError } from '../errors';

/** Every error from the bff has this one shape (DESIGN.md, "bff"). */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.optional(z.record(z.string(), z.array(z.string()))),
}) satisfies z.ZodMiniType<ApiError>;
