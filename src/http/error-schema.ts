import { z } from 'zod';

/** The body of every management and Experience API error. */
export const errorBody = z.object({ code: z.string(), message: z.string(), data: z.unknown().optional() });
