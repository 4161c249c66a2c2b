import type { z } from 'zod';
import { AppError } from './app-error.js';

/** One problem found in an input: where (its path, empty for the whole input) and what. */
export interface InputIssue {
  path: readonly (string | number)[];
  message: string;
}

/**
 * The one 400 of a bad input: its first problem as the message (prefixed with its dotted path when zod says only
 * "Invalid input"), that problem's `path` (so a form marks the field) and all problems as `details`.
 */
export function inputError(issues: readonly InputIssue[]): AppError {
  const details = issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  const first = details[0];
  const message =
    first && first.message.startsWith('Invalid input') && first.path
      ? `${first.path}: ${first.message}`
      : (first?.message ?? 'Invalid request');
  return new AppError('BAD_REQUEST', message, { path: [...(issues[0]?.path ?? [])], details });
}

/** Parses input at an edge that has no route schema (a socket payload, a handshake) and turns zod issues into that 400. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw inputError(result.error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message })));
}
