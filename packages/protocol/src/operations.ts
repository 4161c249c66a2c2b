import { z } from 'zod';

// Health and the API document: what the load balancer, the monitoring and the operator read.

/** `gc=1`: an admin's benchmark asks for a collection before measuring (only a process run with --expose-gc). */
export const ZHealthQuery = z.object({ gc: z.literal('1').optional() });
export const ZHealth = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.string(),
  live: z.string(),
  // Which instance answered and its memory: only for an admin's token.
  instance: z.string().optional(),
  memory: z.object({ rss: z.number(), heapUsed: z.number(), external: z.number() }).optional(),
});
export const ZLiveness = z.object({ status: z.literal('ok') });
export const ZReadiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['pglite', 'postgres', 'down']),
  live: z.enum(['redis', 'memory', 'down']),
});
