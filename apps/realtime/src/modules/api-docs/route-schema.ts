import type { z } from 'zod';

/**
 * Auth a route needs: `none`, a host's sign-in token, a player's seat token, either, or an admin.
 * Rendered as the operation's security requirement.
 */
export type RouteAuth = 'none' | 'user' | 'any' | 'admin' | 'metrics';

export interface RouteSchema {
  summary: string;
  /** Who may call it, when the auth note of `auth` does not say enough (the command table's `who`). */
  access?: string;
  /** A game command's socket twin and its refusal codes (the command table's). */
  socket?: string | null;
  refusals?: readonly string[];
  tag: string;
  auth: RouteAuth;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success status and body (null: no JSON body, e.g. text/plain metrics). */
  status?: number;
  response: z.ZodType | null;
  /** The polled reads answer 304 to a matching If-None-Match. */
  conditional?: boolean;
}
