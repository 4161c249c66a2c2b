import type { z } from 'zod';
import { AppError } from './app-error.js';

/** Parses input at an edge (HTTP body, params, socket payload) and turns zod issues into one clear 400. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  const first = details[0];
  const message =
    first && first.message.startsWith('Invalid input') && first.path
      ? `${first.path}: ${first.message}`
      : (first?.message ?? 'Invalid request');
  throw new AppError('BAD_REQUEST', message, { details });
}
